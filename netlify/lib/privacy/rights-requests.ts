/**
 * Privacy requests without an account (DPDP Act ss.11-13, Rules r.14): asked on /privacy-request,
 * proven by a single-use link to the email (24 hours; only its hash is kept), then in the owners'
 * queue with the deadline the policy promises until an owner closes it (after exporting, correcting
 * or erasing with the tools they already have). An unconfirmed request is deleted by the retention
 * schedule. The ask answers the same whatever the address.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  PROMISED_DAYS,
  REQUEST_LINK_HOURS,
  RIGHTS_KINDS,
  type RightsKind,
  type RightsQueueQuery,
  type RightsRequestDto,
} from '../../../src/shared/rights-requests.ts';
import { retentionDays } from '../../../src/shared/retention.ts';
import { db, env, HttpError, keysetPage, pageOf, rateLimit, recordAdminAction, siteUrl, type KeysetList } from '../platform/index.ts';
import type { SortOf } from '../../../src/shared/paging.ts';
import { enqueueEmail } from '../outbox/index.ts';
import type { Session } from '../auth/index.ts';
import { rightsRequestEmail, rightsWaitingEmail } from './emails.ts';

const hash = (token: string) => createHash('sha256').update(`rights-request:${token}`).digest('hex');
/** Days an unconfirmed request is kept (the retention schedule deletes it then). */
const UNCONFIRMED_DAYS = retentionDays('unconfirmed-requests');
export const RIGHTS_ASKED =
  `Check your email: confirm the request with the link we sent. It works for ${REQUEST_LINK_HOURS} hours; ` +
  `we delete a request nobody confirms after ${UNCONFIRMED_DAYS} days. Once confirmed, we answer within ${PROMISED_DAYS} days.`;
const dueText = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** POST /privacy/request */
export async function askRights(input: { email: string; kind: RightsKind; details: string }, ip: string): Promise<{ message: string }> {
  await rateLimit({ bucket: 'rights-request-ip', key: ip, limit: 10, windowSeconds: 3600 });
  const token = randomBytes(32).toString('base64url');
  await db().begin(async (tx) => {
    await tx`insert into rights_requests (email, kind, details, token_hash, link_expires_at)
             values (${input.email}, ${input.kind}, ${input.details}, ${hash(token)}, now() + make_interval(hours => ${REQUEST_LINK_HOURS}))`;
    const link = siteUrl(`/privacy-request?t=${encodeURIComponent(token)}`);
    const email = rightsRequestEmail({
      what: RIGHTS_KINDS[input.kind],
      link,
      hours: REQUEST_LINK_HOURS,
      keptDays: UNCONFIRMED_DAYS,
      answerDays: PROMISED_DAYS,
    });
    await enqueueEmail(tx, { to: input.email, ...email, tag: 'privacy-request', secret: true, toVisitor: true });
  });
  return { message: RIGHTS_ASKED };
}

/** POST /privacy/request/confirm: the inbox is proven; the request joins the queue with its deadline. */
export async function confirmRights(token: string): Promise<{ message: string; dueAt: string }> {
  return db().begin(async (tx) => {
    const [row] = await tx<{ id: string; kind: RightsKind; status: string; expired: boolean; due_at: Date | null }[]>`
      select id::text, kind, status, link_expires_at <= now() as expired, due_at from rights_requests where token_hash = ${hash(token)} for update`;
    if (!row) throw new HttpError(404, 'This link is not valid. Ask again on the privacy request page.');
    if (row.status !== 'unconfirmed') return { message: 'Your request was already confirmed.', dueAt: new Date(row.due_at!).toISOString() };
    if (row.expired) throw new HttpError(410, 'This link has expired. Ask again on the privacy request page.');
    const [confirmed] = await tx<{ due_at: Date }[]>`
      update rights_requests set status = 'open', confirmed_at = now(), due_at = now() + make_interval(days => ${PROMISED_DAYS})
      where id = ${row.id} returning due_at`;
    const due = dueText.format(new Date(confirmed!.due_at));
    await enqueueEmail(tx, {
      to: env().TEAM_EMAIL,
      ...rightsWaitingEmail({ what: RIGHTS_KINDS[row.kind], due }),
      tag: 'privacy-request-waiting',
    });
    return { message: `Confirmed. We will answer within ${PROMISED_DAYS} days.`, dueAt: new Date(confirmed!.due_at).toISOString() };
  });
}

type Row = {
  id: string;
  email: string;
  kind: RightsKind;
  details: string;
  status: 'open' | 'done' | 'refused';
  confirmed_at: Date;
  due_at: Date;
  closed_at: Date | null;
  outcome_note: string | null;
};

/** The queue's sorts: open requests by deadline then the closed ones, or by when confirmed; the id breaks a tie. */
export const RIGHTS_PAGING: KeysetList<SortOf<'requests'>> = {
  name: 'requests',
  sorts: {
    deadline: { expr: "case when r.status = 'open' then r.due_at else 'infinity'::timestamptz end", type: 'timestamptz' },
    received: { expr: 'r.confirmed_at', type: 'timestamptz' },
  },
  keys: [{ expr: 'r.id', type: 'bigint' }],
  sort: 'deadline',
  dir: 'asc',
};

/** GET /admin/privacy/rights-requests (owners): a page of the confirmed requests. */
export async function listRightsRequests(query: RightsQueueQuery = {}): Promise<{ rows: RightsRequestDto[]; next: string | null }> {
  const sql = db();
  const page = keysetPage(sql, RIGHTS_PAGING, query);
  const found = await sql<Row[]>`
    select r.id::text, r.email, r.kind, r.details, r.status, r.confirmed_at, r.due_at, r.closed_at, r.outcome_note, ${page.select}
    from rights_requests r
    where r.status in ('open', 'done', 'refused') and ${page.seek}
    order by ${page.order}
    limit ${page.fetch}`;
  const { rows, next } = pageOf(found, page);
  const now = Date.now();
  return {
    next,
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      kind: r.kind,
      details: r.details,
      status: r.status,
      confirmedAt: new Date(r.confirmed_at).toISOString(),
      dueAt: new Date(r.due_at).toISOString(),
      overdue: r.status === 'open' && new Date(r.due_at).getTime() < now,
      closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
      outcomeNote: r.outcome_note,
    })),
  };
}

/** POST /admin/privacy/rights-requests/:id/close (owners): done or refused (with why), in the audit log. */
export async function closeRightsRequest(owner: Session, id: string, outcome: 'done' | 'refused', note: string): Promise<void> {
  if (!/^\d{1,18}$/.test(id)) throw new HttpError(404, 'No such request');
  await db().begin(async (tx) => {
    const [row] = await tx<{ kind: string }[]>`
      update rights_requests set status = ${outcome}, closed_at = now(), closed_by = ${owner.accountId}, outcome_note = ${note || null}
      where id = ${id} and status = 'open' returning kind`;
    if (!row) throw new HttpError(404, 'No open request with this id');
    await recordAdminAction(tx, {
      actor: { accountId: owner.accountId, email: owner.email },
      action: 'privacy.rights-close',
      subjectKind: 'rights-request',
      subjectId: id,
      details: { kind: row.kind, outcome },
    });
  });
}
