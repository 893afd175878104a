/**
 * The admin inbox: every lead and payment in one list. The SQL view `lead_inbox` (see the admin
 * migrations) normalises each source table to kind, id, created_at, name, email, phone, summary
 * and details; a new source is a new branch of the view, with no change here.
 */
import {
  LEAD_KINDS,
  STAGE_LABELS,
  type AdminOption,
  type LeadDto,
  type LeadKind,
  type LeadsQuery,
  type Stage,
  STAGES,
} from '../../../src/shared/pipeline.ts';
import type { SortOf } from '../../../src/shared/paging.ts';
import { formatRupees } from '../../../src/shared/money.ts';
import type { Session } from '../auth/index.ts';
import { CSV_PAGE, db, HttpError, keysetCsv, keysetPage, pageOf, type KeysetList } from '../platform/index.ts';
import { INBOX_KEY } from './pipeline/read.ts';
import { adminOptions } from '../accounts/index.ts';

type LeadRow = {
  kind: LeadKind;
  id: string;
  created_at: Date;
  name: string | null;
  email: string | null;
  phone: string | null;
  summary: string | null;
  details: Record<string, unknown> | string | null;
  stage: Stage | null;
  owner_id: string | null;
  owner_name: string | null;
  next_follow_up_at: Date | null;
};

/** Dates in the filter are calendar days in India (the business's time zone), both ends included. */
const ZONE = 'Asia/Kolkata';

/** The stages in the pipeline's order, for sorting by stage (constants of the code, not input). */
const STAGE_ORDER = `array_position(array[${STAGES.map((stage) => `'${stage}'`).join(', ')}]::text[], coalesce(p.stage, 'new'))`;

/** The inbox's sorts (docs/architecture.md, API conventions: paging); the view's kind and id are its key. */
export const INBOX_PAGING: KeysetList<SortOf<'leads'>> = {
  name: 'leads',
  sorts: {
    created: { expr: 'i.created_at', type: 'timestamptz' },
    name: { expr: "lower(coalesce(i.name, ''))", type: 'text' },
    stage: { expr: STAGE_ORDER, type: 'integer' },
    activity: { expr: 'coalesce(p.updated_at, i.created_at)', type: 'timestamptz' },
    // No follow-up set sorts after every date.
    follow_up: { expr: "coalesce(p.next_follow_up_at, 'infinity'::timestamptz)", type: 'timestamptz' },
  },
  keys: [
    { expr: 'i.kind', type: 'text' },
    { expr: 'i.id', type: 'text' },
  ],
  sort: 'created',
  dir: 'desc',
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of the filter's leads. `me` is the admin asking (the owner filter's "me"). */
async function query(filter: LeadsQuery, me: string): Promise<{ rows: LeadRow[]; next: string | null }> {
  const sql = db();
  const conditions = [sql`true`];
  if (filter.kind) conditions.push(sql`i.kind = ${filter.kind}`);
  if (filter.from) conditions.push(sql`i.created_at >= (${filter.from}::date::timestamp at time zone ${ZONE})`);
  if (filter.to) conditions.push(sql`i.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${ZONE})`);
  if (filter.stage) conditions.push(sql`coalesce(p.stage, 'new') = ${filter.stage}`);
  if (filter.owner === 'none') conditions.push(sql`p.owner_id is null`);
  else if (filter.owner) conditions.push(sql`p.owner_id = ${filter.owner === 'me' ? me : filter.owner}`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    const digits = filter.q.replace(/\D/g, '');
    conditions.push(
      digits.length >= 3
        ? sql`(lower(i.name) like ${pattern} or lower(i.email) like ${pattern} or regexp_replace(coalesce(i.phone, ''), '\\D', '', 'g') like ${`%${digits}%`})`
        : sql`(lower(i.name) like ${pattern} or lower(i.email) like ${pattern} or coalesce(i.phone, '') like ${pattern})`,
    );
  }
  const page = keysetPage(sql, INBOX_PAGING, filter);
  conditions.push(page.seek);
  const where = conditions.reduce((all, next) => sql`${all} and ${next}`);
  // The page's keys first, without the view's wide columns (details), then only its rows in
  // full: their times reach each source table's index on created_at.
  const chosen = await sql<{ kind: string; id: string; at: string }[]>`
    select i.kind, i.id, i.created_at::text as at
    from lead_inbox i
    left join lead_pipeline p on p.lead_kind = i.kind and p.lead_id = ${sql.unsafe(INBOX_KEY)}
    where ${where}
    order by ${page.order}
    limit ${page.fetch}`;
  if (chosen.length === 0) return { rows: [], next: null };
  const rows = await sql<LeadRow[]>`
    select i.kind, i.id, i.created_at, i.name, i.email, i.phone, i.summary, i.details,
           p.stage, p.owner_id, coalesce(nullif(trim(o.first_name || ' ' || o.last_name), ''), o.email) as owner_name,
           p.next_follow_up_at, ${page.select}
    from lead_inbox i
    left join lead_pipeline p on p.lead_kind = i.kind and p.lead_id = ${sql.unsafe(INBOX_KEY)}
    left join accounts o on o.id = p.owner_id
    where i.created_at = any(${chosen.map((c) => c.at)}::text[]::timestamptz[])
      and i.kind || ':' || i.id = any(${chosen.map((c) => `${c.kind}:${c.id}`)}::text[])
    order by ${page.order}`;
  return pageOf(rows, page);
}

/**
 * The view writes an amount into the summary as "₹249000.00"; the inbox shows every amount the way
 * the rest of the site does ("₹2,49,000"), through the one formatter.
 */
export function formatSummaryAmounts(summary: string): string {
  return summary.replace(/₹(\d+(?:\.\d{1,2})?)/g, (_, rupees: string) => formatRupees(Number(rupees)));
}

function toDto(row: LeadRow): LeadDto {
  const details = typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : (row.details ?? {});
  return {
    kind: row.kind,
    id: String(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    name: row.name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    summary: formatSummaryAmounts(row.summary ?? ''),
    details,
    stage: row.stage ?? 'new',
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    nextFollowUpAt: row.next_follow_up_at ? new Date(row.next_follow_up_at).toISOString() : null,
  };
}

/** The kinds the database can hold right now (a source whose table is not there yet is left out). */
export async function availableKinds(): Promise<LeadKind[]> {
  const rows = await db()<{ kind: LeadKind }[]>`select kind from lead_inbox_kinds`;
  const present = new Set(rows.map((r) => r.kind));
  return LEAD_KINDS.filter((k) => present.has(k));
}

/** One page of the inbox, with the kinds and admins its filter pickers offer. */
export async function listLeads(
  filter: LeadsQuery,
  me: string,
): Promise<{ rows: LeadDto[]; next: string | null; kinds: LeadKind[]; admins: AdminOption[] }> {
  const [page, kinds, admins] = await Promise.all([query(filter, me), availableKinds(), adminOptions()]);
  return { rows: page.rows.map(toDto), next: page.next, kinds, admins };
}

// amount_rupees: payments' amount as a plain number, for sums in a spreadsheet.
const HEADER = [
  'kind',
  'id',
  'created_at',
  'name',
  'email',
  'phone',
  'summary',
  'details',
  'amount_rupees',
  'stage',
  'owner',
  'next_follow_up_at',
];

function detailText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

function plainAmount(details: Record<string, unknown>): string {
  const amount = Number(details['amountRupees']);
  return details['amountRupees'] === undefined || !Number.isFinite(amount) ? '' : String(amount);
}

export const COUNSELLOR_EXPORT = 'A counsellor exports only the leads they own: choose Owner "Me" or no owner filter';

/**
 * The current filter as a spreadsheet-safe CSV (see csv.ts). Owners export any filter; a
 * counsellor exports only the leads they own (a bulk copy of every lead's contact details is
 * the owner's to take, docs/product.md, Roles).
 */
export async function leadsCsv(
  filter: LeadsQuery,
  admin: Pick<Session, 'accountId' | 'adminRole'>,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const me = admin.accountId;
  if (admin.adminRole !== 'owner') {
    if (filter.owner && filter.owner !== 'me' && filter.owner !== me) throw new HttpError(403, COUNSELLOR_EXPORT);
    filter = { ...filter, owner: 'me' };
  }
  const chosen = filter;
  const body = keysetCsv(HEADER, async (after) => {
    const page = await query({ ...chosen, after, limit: CSV_PAGE }, me);
    return {
      next: page.next,
      rows: page.rows
        .map(toDto)
        .map((r) => [
          r.kind,
          r.id,
          r.createdAt,
          r.name,
          r.email,
          r.phone,
          r.summary,
          detailText(r.details),
          plainAmount(r.details),
          STAGE_LABELS[r.stage],
          r.ownerName ?? '',
          r.nextFollowUpAt ?? '',
        ]),
    };
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return { filename: `aspira-leads-${filter.owner === 'me' ? 'mine-' : ''}${filter.kind ?? 'all'}-${stamp}.csv`, body };
}
