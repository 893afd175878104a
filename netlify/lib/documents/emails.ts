/** Documents' emails: the applicant hears of each review (approved, or rejected with the reason). */
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { siteUrl } from '../platform/index.ts';

export function documentReviewedEmail(input: {
  name: string;
  label: string;
  decision: 'approve' | 'reject';
  reason?: string;
  allApproved: boolean;
}): EmailContent {
  const link = { link: { label: 'Open My applications', url: siteUrl('/applications') } };
  if (input.decision === 'reject') {
    return composeEmail({
      subject: `Please upload your ${input.label} again`,
      greeting: `Dear ${input.name},`,
      blocks: [
        `Our admissions team looked at your ${input.label} and could not accept it.`,
        { facts: [['Reason', input.reason ?? '']] },
        'Upload a new file in My applications; we will look at it again.',
        link,
      ],
      withSupport: true,
    });
  }
  return composeEmail({
    subject: `Your ${input.label} is approved`,
    greeting: `Dear ${input.name},`,
    blocks: [
      `Our admissions team approved your ${input.label}.`,
      input.allApproved
        ? 'Every required document is approved: your application now goes to the universities. We will write when they answer.'
        : 'See which documents are still to come in My applications.',
      link,
    ],
  });
}
