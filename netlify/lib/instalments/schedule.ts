/**
 * A learner's enrolments and their schedules: each part's due date (IST day), amount, status
 * (paid, due, overdue once IST today is past its due date), invoice, and what of it was refunded.
 */
import { istDay, partStatus, type EnrolmentDto } from '../../../src/shared/instalments.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import { db, type Db } from '../platform/index.ts';
import { documentPath } from '../invoices/index.ts';
import { refundedByOrder } from '../payments/index.ts';

type EnrolmentRow = {
  id: string;
  plan_id: string;
  plan_name: string;
  programme: string;
  status: 'active' | 'completed';
  discount_code: string | null;
  list_paise: string;
  discount_paise: string;
  created_at: Date;
  completed_at: Date | null;
};

type PartRow = {
  id: string;
  enrolment_id: string;
  position: number;
  label: string;
  due_on: string;
  amount_paise: string;
  discount_paise: string;
  status: 'due' | 'paid';
  paid_at: Date | null;
  order_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
};

/** The enrolments of an account (or one enrolment), newest first. */
export async function enrolmentsOf(accountId: string, only?: string, sql: Db = db()): Promise<EnrolmentDto[]> {
  const enrolments = await sql<EnrolmentRow[]>`
    select e.id::text as id, e.plan_id::text as plan_id, p.name as plan_name, p.programme, e.status, e.discount_code,
           e.list_paise, e.discount_paise, e.created_at, e.completed_at
    from plan_enrolments e join instalment_plans p on p.id = e.plan_id
    where e.account_id = ${accountId} ${only ? sql`and e.id = ${only}` : sql``}
    order by e.created_at desc, e.id desc`;
  if (enrolments.length === 0) return [];
  const parts = await sql<PartRow[]>`
    select p.id::text as id, p.enrolment_id::text as enrolment_id, p.position, p.label, to_char(p.due_on, 'YYYY-MM-DD') as due_on,
           p.amount_paise, p.discount_paise, p.status, p.paid_at, p.order_id, i.id::text as invoice_id, i.number as invoice_number
    from enrolment_parts p left join invoices i on i.order_id = p.order_id and p.status = 'paid'
    where p.enrolment_id in ${sql(enrolments.map((e) => e.id))}
    order by p.enrolment_id, p.position`;
  const refunded = await refundedByOrder(
    sql,
    parts.flatMap((p) => (p.status === 'paid' && p.order_id ? [p.order_id] : [])),
  );
  const byEnrolment = Map.groupBy(parts, (p) => p.enrolment_id);
  const today = istDay(new Date());
  return enrolments.map((e): EnrolmentDto => {
    const mine = byEnrolment.get(e.id) ?? [];
    const sum = (rows: PartRow[]) => rows.reduce((s, p) => s + Number(p.amount_paise), 0);
    const paid = sum(mine.filter((p) => p.status === 'paid'));
    return {
      id: e.id,
      plan: { id: e.plan_id, name: e.plan_name, programme: e.programme },
      status: e.status,
      discountCode: e.discount_code,
      total: paiseToRupees(sum(mine)),
      discount: paiseToRupees(Number(e.discount_paise)),
      paid: paiseToRupees(paid),
      outstanding: paiseToRupees(sum(mine) - paid),
      createdAt: new Date(e.created_at).toISOString(),
      completedAt: e.completed_at ? new Date(e.completed_at).toISOString() : null,
      parts: mine.map((p) => ({
        id: p.id,
        position: p.position,
        label: p.label,
        dueOn: p.due_on,
        amount: paiseToRupees(Number(p.amount_paise)),
        discount: paiseToRupees(Number(p.discount_paise)),
        status: partStatus({ status: p.status, dueOn: p.due_on }, today),
        paidAt: p.paid_at ? new Date(p.paid_at).toISOString() : null,
        refunded: paiseToRupees(p.status === 'paid' && p.order_id ? (refunded.get(p.order_id) ?? 0) : 0),
        invoice: p.invoice_id ? { number: p.invoice_number!, pdfUrl: documentPath('invoice', p.invoice_id) } : null,
      })),
    };
  });
}
