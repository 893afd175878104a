/**
 * "My applications": the registrations whose email is the learner's CONFIRMED email. Registration
 * happens without an account (email OTP), so the verified email is the only link between the two:
 * an unconfirmed account sees nothing, whoever typed that address at signup.
 */
import { NEXT_STEPS, type ApplicationDto, type ApplicationsAnswer } from '../../../src/shared/applications.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import type { Session } from '../auth/index.ts';
import { db } from '../platform/index.ts';
import { documentPath } from '../invoices/index.ts';
import { refundedByOrder } from '../payments/index.ts';

type Row = {
  id: string;
  status: 'unpaid' | 'paid';
  created_at: Date;
  last_programme: string | null;
  payments: { paymentId: string; orderId: string; amountPaise: number; programName: string; paidAt: string; invoiceId: string | null }[];
};

export async function listApplications(session: Session): Promise<ApplicationsAnswer> {
  if (!session.emailVerified) return { emailVerified: false, applications: [] };
  const rows = await db()<Row[]>`
    select r.id, r.status, r.created_at,
      (select program_name from registration_payments where registration_id = r.id
       order by (status = 'paid') desc, created_at desc limit 1) as last_programme,
      coalesce((
        select jsonb_agg(jsonb_build_object(
                 'paymentId', p.payment_id, 'orderId', p.order_id, 'amountPaise', p.amount_paise,
                 'programName', p.program_name, 'paidAt', p.paid_at, 'invoiceId', i.id::text) order by p.paid_at)
        from registration_payments p left join invoices i on i.order_id = p.order_id
        where p.registration_id = r.id and p.status = 'paid'
      ), '[]'::jsonb) as payments
    from registrations r
    where r.email = ${session.email} and r.erased_at is null
    order by r.created_at desc`;
  const refunded = await refundedByOrder(
    db(),
    rows.flatMap((r) => r.payments.map((p) => p.orderId)),
  );
  return { emailVerified: true, applications: rows.map((row) => toDto(row, refunded)) };
}

function toDto(row: Row, refunded: Map<string, number>): ApplicationDto {
  const status = row.status === 'paid' ? 'fee-paid' : 'registered';
  return {
    _id: row.id,
    programme: row.last_programme,
    registeredAt: new Date(row.created_at).toISOString(),
    status,
    payments: row.payments.map((p) => ({
      paymentId: p.paymentId,
      orderId: p.orderId,
      amount: paiseToRupees(Number(p.amountPaise)),
      programName: p.programName,
      paidAt: new Date(p.paidAt).toISOString(),
      receiptUrl: p.invoiceId ? documentPath('invoice', p.invoiceId) : null,
      refunded: paiseToRupees(refunded.get(p.orderId) ?? 0),
    })),
    nextSteps: NEXT_STEPS[status],
  };
}
