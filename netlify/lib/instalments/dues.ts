/**
 * The admins' dues view: every unpaid part of every enrolment, per learner, with days overdue
 * (IST days), filters (plan, due/overdue, due between two IST days), totals and the CSV.
 */
import { daysBetween, istDay, type DueDto, type DuesFilter, type DuesView } from '../../../src/shared/instalments.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import { toCsv, type Cell, db } from '../platform/index.ts';

export const DUES_LIMIT = 2000;

type DueRow = {
  part_id: string;
  learner: string | null;
  email: string;
  plan: string;
  part: string;
  amount_paise: string;
  due_on: string;
};

export async function listDues(filter: DuesFilter, now = new Date()): Promise<DuesView> {
  const sql = db();
  const today = istDay(now);
  const rows = await sql<DueRow[]>`
    select p.id::text as part_id, nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as learner,
           e.email, pl.name as plan, p.label as part, p.amount_paise, to_char(p.due_on, 'YYYY-MM-DD') as due_on
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    left join accounts a on a.id = e.account_id
    where p.status = 'due' and p.amount_paise > 0
      ${filter.plan ? sql`and e.plan_id = ${filter.plan}` : sql``}
      ${filter.status === 'overdue' ? sql`and p.due_on < ${today}::date` : sql``}
      ${filter.status === 'due' ? sql`and p.due_on >= ${today}::date` : sql``}
      ${filter.from ? sql`and p.due_on >= ${filter.from}::date` : sql``}
      ${filter.to ? sql`and p.due_on <= ${filter.to}::date` : sql``}
    order by p.due_on, e.email, p.position
    limit ${DUES_LIMIT}`;
  const dues = rows.map((r): DueDto => {
    const late = Math.max(0, daysBetween(r.due_on, today));
    return {
      partId: r.part_id,
      learner: r.learner ?? '',
      email: r.email,
      plan: r.plan,
      part: r.part,
      amount: paiseToRupees(Number(r.amount_paise)),
      dueOn: r.due_on,
      daysOverdue: late,
      status: late > 0 ? 'overdue' : 'due',
    };
  });
  const paise = (list: DueDto[]) => list.reduce((s, d) => s + Math.round(d.amount * 100), 0);
  const overdue = dues.filter((d) => d.status === 'overdue');
  return {
    dues,
    totals: {
      count: dues.length,
      amount: paiseToRupees(paise(dues)),
      overdueCount: overdue.length,
      overdueAmount: paiseToRupees(paise(overdue)),
    },
  };
}

export const DUES_CSV_HEADER = ['Learner', 'Email', 'Plan', 'Part', 'Amount', 'Due date', 'Days overdue', 'Status'] as const;

export async function duesCsv(filter: DuesFilter): Promise<{ filename: string; body: string }> {
  const { dues } = await listDues(filter);
  const body = toCsv(
    DUES_CSV_HEADER,
    dues.map((d): Cell[] => [
      d.learner,
      d.email,
      d.plan,
      d.part,
      d.amount,
      d.dueOn,
      d.daysOverdue,
      d.status === 'overdue' ? 'Overdue' : 'Due',
    ]),
  );
  return { filename: `aspira-dues-${istDay(new Date())}.csv`, body };
}
