/**
 * Parts of fee plans paid, for the lead pipeline (a person's timeline, what converts): the plan,
 * the part, the amount, when it was paid and refunded, by the email the learner enrolled with.
 */
import type { Db } from '../platform/index.ts';

export type PaidPart = {
  /** The learner's email at enrolment, lower case. */
  email: string;
  paidAt: Date;
  amountPaise: number;
  plan: string;
  part: string;
  refundedAt: Date | null;
};

type PaidPartRow = { email: string; paid_at: Date; amount_paise: string; plan: string; part: string; refunded_at: Date | null };

/** Paid parts of enrolments made with these emails, or paid within [from, to). Duplicate captures are left out. */
export async function paidParts(tx: Db, filter: { emails: string[] } | { from: Date; to: Date }): Promise<PaidPart[]> {
  const where =
    'emails' in filter
      ? tx`lower(e.email) in ${tx(filter.emails.map((e) => e.toLowerCase()).concat(''))}`
      : tx`ip.paid_at >= ${filter.from} and ip.paid_at < ${filter.to}`;
  const rows = await tx<PaidPartRow[]>`
    select lower(e.email) as email, ip.paid_at, ip.amount_paise::text, pl.name as plan, p.label as part,
           o.duplicate_refunded_at as refunded_at
    from instalment_payments ip
    left join payment_orders o on o.id = ip.order_id
    join enrolment_parts p on p.id = ip.part_id
    join plan_enrolments e on e.id = p.enrolment_id
    join instalment_plans pl on pl.id = e.plan_id
    where ip.status = 'paid' and ${where}
    order by ip.paid_at, p.position`;
  return rows.map((r) => ({
    email: r.email,
    paidAt: new Date(r.paid_at),
    amountPaise: Number(r.amount_paise),
    plan: r.plan,
    part: r.part,
    refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
  }));
}
