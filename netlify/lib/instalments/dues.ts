/**
 * The admins' dues view: every unpaid part of every enrolment, per learner, with days overdue
 * (IST days), filters (plan, due/overdue, due between two IST days), totals, a page at a time by
 * due date or amount, and the CSV of everything the filter matches.
 */
import { daysBetween, istDay, type DueDto, type DuesFilter, type DuesView } from '../../../src/shared/instalments.ts';
import type { SortOf } from '../../../src/shared/paging.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import { type Cell, CSV_PAGE, db, keysetCsv, keysetPage, pageOf, type KeysetList } from '../platform/index.ts';

type DueRow = {
  part_id: string;
  learner: string | null;
  email: string;
  plan: string;
  part: string;
  amount_paise: string;
  due_on: string;
};

/** The dues' sorts: by due date or amount, the part's id breaking a tie. */
export const DUES_PAGING: KeysetList<SortOf<'dues'>> = {
  name: 'dues',
  sorts: { due: { expr: 'p.due_on', type: 'date' }, amount: { expr: 'p.amount_paise', type: 'bigint' } },
  keys: [{ expr: 'p.id', type: 'bigint' }],
  sort: 'due',
  dir: 'asc',
};

/** The filter's conditions on the unpaid parts `p` of enrolments `e`. */
function matching(filter: DuesFilter, today: string) {
  const sql = db();
  return sql`p.status = 'due' and p.amount_paise > 0
      ${filter.plan ? sql`and e.plan_id = ${filter.plan}` : sql``}
      ${filter.status === 'overdue' ? sql`and p.due_on < ${today}::date` : sql``}
      ${filter.status === 'due' ? sql`and p.due_on >= ${today}::date` : sql``}
      ${filter.from ? sql`and p.due_on >= ${filter.from}::date` : sql``}
      ${filter.to ? sql`and p.due_on <= ${filter.to}::date` : sql``}`;
}

async function duesPage(filter: DuesFilter, today: string): Promise<{ rows: DueDto[]; next: string | null }> {
  const sql = db();
  const page = keysetPage(sql, DUES_PAGING, filter);
  const rows = await sql<DueRow[]>`
    select p.id::text as part_id, nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as learner,
           e.email, pl.name as plan, p.label as part, p.amount_paise, to_char(p.due_on, 'YYYY-MM-DD') as due_on, ${page.select}
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    left join accounts a on a.id = e.account_id
    where ${matching(filter, today)} and ${page.seek}
    order by ${page.order}
    limit ${page.fetch}`;
  const found = pageOf(rows, page);
  return {
    next: found.next,
    rows: found.rows.map((r): DueDto => {
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
    }),
  };
}

/** One page of the dues, with the totals of every part the filter matches. */
export async function listDues(filter: DuesFilter, now = new Date()): Promise<DuesView> {
  const sql = db();
  const today = istDay(now);
  const [page, [sums]] = await Promise.all([
    duesPage(filter, today),
    sql<{ count: number; paise: string; overdue_count: number; overdue_paise: string }[]>`
      select count(*)::int as count, coalesce(sum(p.amount_paise), 0)::text as paise,
             (count(*) filter (where p.due_on < ${today}::date))::int as overdue_count,
             coalesce(sum(p.amount_paise) filter (where p.due_on < ${today}::date), 0)::text as overdue_paise
      from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id
      where ${matching(filter, today)}`,
  ]);
  return {
    ...page,
    total: sums!.count,
    totals: {
      count: sums!.count,
      amount: paiseToRupees(Number(sums!.paise)),
      overdueCount: sums!.overdue_count,
      overdueAmount: paiseToRupees(Number(sums!.overdue_paise)),
    },
  };
}

export const DUES_CSV_HEADER = ['Learner', 'Email', 'Plan', 'Part', 'Amount', 'Due date', 'Days overdue', 'Status'] as const;

/** Every part the filter matches, in the screen's order, streamed a page at a time. */
export function duesCsv(filter: DuesFilter): { filename: string; body: ReadableStream<Uint8Array> } {
  const today = istDay(new Date());
  const body = keysetCsv(DUES_CSV_HEADER, async (after) => {
    const page = await duesPage({ ...filter, after, limit: CSV_PAGE }, today);
    return {
      next: page.next,
      rows: page.rows.map((d): Cell[] => [
        d.learner,
        d.email,
        d.plan,
        d.part,
        d.amount,
        d.dueOn,
        d.daysOverdue,
        d.status === 'overdue' ? 'Overdue' : 'Due',
      ]),
    };
  });
  return { filename: `aspira-dues-${today}.csv`, body };
}
