import { describe, expect, it } from 'vitest';
import { MONEY_KINDS, PAYMENT_PURPOSE_LABELS } from '../../../src/shared/money-view.ts';
import { PURPOSES } from './completions.ts';
import { definePurpose, type PurposeWording } from './purpose.ts';
import { codeRefundedEmail, refundProcessedEmail } from './refunds/emails.ts';

// Configuration is read lazily; a unit test needs only a well-formed value.
process.env.DATABASE_URL ??= 'postgres://aspira@localhost:5432/aspira';

const wording: PurposeWording = { refunded: (item) => item, paidFor: (item) => item, paid: (item) => item };
const handler = async () => null;

/** Never run: each line must NOT compile (`npx tsc --noEmit -p .` fails when one does). */
export function refusedByTheCompiler(): void {
  // @ts-expect-error a purpose without a money-view label (not in PAYMENT_PURPOSE_LABELS) is no purpose
  definePurpose({ id: 'subscription', handler, wording });
  // @ts-expect-error a purpose without its handler
  definePurpose({ id: 'course', wording });
  // @ts-expect-error a purpose without its wording
  definePurpose({ id: 'course', handler });
  // @ts-expect-error wording without what a refund gave back
  definePurpose({ id: 'course', handler, wording: { paidFor: (item: string) => item, paid: (item: string) => item } });
  // @ts-expect-error the list without one of the labelled purposes
  void ({ registration: PURPOSES.registration, course: PURPOSES.course } satisfies typeof PURPOSES);
  // @ts-expect-error the list with a purpose under another's id
  void ({ ...PURPOSES, course: PURPOSES.registration } satisfies typeof PURPOSES);
}

describe('payable purposes', () => {
  it('every labelled purpose has one definition under its own id, with its handler and wording', () => {
    expect(Object.keys(PURPOSES).sort()).toEqual([...MONEY_KINDS].sort());
    for (const [id, purpose] of Object.entries(PURPOSES)) {
      expect(purpose.id).toBe(id);
      expect(typeof purpose.handler).toBe('function');
      expect(PAYMENT_PURPOSE_LABELS[purpose.id]).toBeTruthy();
    }
  });

  it("the refund emails speak each purpose's words", () => {
    const refund = { amountPaise: 100_000, paidPaise: 100_000, full: true, paymentId: 'pay_1', refundId: 'rfnd_1', creditNote: null };
    const course = refundProcessedEmail({ ...refund, name: 'Asha', item: 'Data Analytics', wording: PURPOSES.course.wording });
    expect(course.text).toContain('We have refunded your purchase of Data Analytics in full.');
    expect(course.text).toContain('Data Analytics is no longer in your purchases.');
    const fee = refundProcessedEmail({ ...refund, name: 'Asha', item: 'Admit France', wording: PURPOSES.registration.wording });
    expect(fee.text).toContain('We have refunded your registration fee for Admit France in full.');
    expect(fee.text).not.toContain('purchases');
    const code = { name: 'Asha', code: 'HALF', amountPaise: 100_000, paymentId: 'pay_1', refundId: 'rfnd_1' };
    expect(codeRefundedEmail({ ...code, item: 'Admit France', wording: PURPOSES.registration.wording }).text).toContain(
      'You paid the registration fee for Admit France with the code HALF',
    );
    expect(codeRefundedEmail({ ...code, item: 'Admit France: Part 2', wording: PURPOSES.instalment.wording }).text).toContain(
      'You paid for Admit France: Part 2 with the code HALF',
    );
  });
});
