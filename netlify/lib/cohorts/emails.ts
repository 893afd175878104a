/** Cohort emails: a freed seat offered to the first learner on a batch's waiting list. */
import { receiptDateIst } from '../../../src/shared/dates.ts';
import { composeEmail, type EmailContent } from '../mail/index.ts';

export function seatOfferEmail(input: { firstName: string; batchName: string; until: Date; url: string }): EmailContent {
  return composeEmail({
    subject: `A seat is free in ${input.batchName}`.slice(0, 300),
    greeting: `Dear ${input.firstName || 'learner'},`,
    blocks: [
      `A seat is free in ${input.batchName}: it is yours to take until ${receiptDateIst(input.until)}.`,
      'Until then nobody else can take it. After that it goes to the next learner on the waiting list, and you leave the list.',
      { link: { label: 'Take your seat', url: input.url } },
    ],
    signOff: 'Aspira',
  });
}
