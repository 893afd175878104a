/**
 * Owners' code screen: create (optionally issued to one scholarship applicant, who is emailed),
 * list with uses and revenue, deactivate, and each code's uses. Every change is audited.
 */
import type { CodeForm, CodeSummary, CodesQuery, CodeUse } from '../../../src/shared/codes.ts';
import type { SortOf } from '../../../src/shared/paging.ts';
import { dateIst } from '../../../src/shared/dates.ts';
import { formatPaise, rupeesToPaise } from '../../../src/shared/money.ts';
import { recordAdminAction, db, isUniqueViolation, HttpError, keysetPage, pageOf, type KeysetList } from '../platform/index.ts';
import type { Session } from '../auth/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { codeIssuedEmail } from './emails.ts';

type SummaryRow = {
  id: string;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percent_off: number | null;
  amount_off_paise: string | null;
  scope: CodeSummary['scope'];
  course_ids: string[];
  fee_options: string[];
  plan_ids: (string | number)[];
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  once_per_person: boolean;
  issued_to_email: string | null;
  application_id: string | null;
  active: boolean;
  created_at: Date;
  uses: number;
  reserved: number;
  revenue: string;
  discount: string;
};

/** An IST calendar day's first moment; the last day of a window is included (until the next day starts). */
const istStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+05:30`) + plusDays * 86_400_000);

export function valueText(code: { kind: 'percent' | 'fixed'; percentOff: number | null; amountOffPaise: number | null }): string {
  return code.kind === 'percent' ? `${code.percentOff}% off` : `${formatPaise(code.amountOffPaise ?? 0)} off`;
}

function toSummary(row: SummaryRow): CodeSummary {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    scope: row.scope,
    courseIds: row.course_ids,
    feeOptions: row.fee_options,
    planIds: row.plan_ids.map(String),
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffPaise: row.amount_off_paise === null ? null : Number(row.amount_off_paise),
    validFrom: row.valid_from?.toISOString() ?? null,
    validUntil: row.valid_until?.toISOString() ?? null,
    maxUses: row.max_uses,
    oncePerPerson: row.once_per_person,
    issuedToEmail: row.issued_to_email,
    applicationId: row.application_id,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    uses: row.uses,
    reserved: row.reserved,
    revenuePaise: Number(row.revenue),
    discountPaise: Number(row.discount),
  };
}

/** The codes' sorts: by creation or by uses, the id breaking a tie (over the grouped rows, `s`). */
export const CODES_PAGING: KeysetList<SortOf<'codes'>> = {
  name: 'codes',
  sorts: { created: { expr: 's.created_at', type: 'timestamptz' }, uses: { expr: 's.uses', type: 'integer' } },
  keys: [{ expr: 's.code_id', type: 'bigint' }],
  sort: 'created',
  dir: 'desc',
};

/** One page of the codes with their uses and revenue (`only`: that one code). */
export async function listCodes(query: CodesQuery, only?: string): Promise<{ rows: CodeSummary[]; next: string | null }> {
  const sql = db();
  const page = keysetPage(sql, CODES_PAGING, query);
  const rows = await sql<SummaryRow[]>`
    select s.*, ${page.select} from (
      select c.id as code_id, c.id::text as id, c.code, c.description, c.kind, c.percent_off, c.amount_off_paise, c.scope, c.course_ids, c.fee_options,
             c.plan_ids::text[] as plan_ids, c.valid_from, c.valid_until, c.max_uses, c.once_per_person, c.issued_to_email,
             c.application_id::text as application_id, c.active, c.created_at,
             count(r.id) filter (where r.status = 'used')::int as uses,
             count(r.id) filter (where r.status = 'reserved' and r.reserved_until > now())::int as reserved,
             coalesce(sum(r.total_paise) filter (where r.status = 'used'), 0)::text as revenue,
             coalesce(sum(r.discount_paise) filter (where r.status = 'used'), 0)::text as discount
      from discount_codes c left join discount_redemptions r on r.code_id = c.id
      where ${only ?? null}::bigint is null or c.id = ${only ?? null}::bigint
      group by c.id
    ) s
    where ${page.seek}
    order by ${page.order}
    limit ${page.fetch}`;
  const found = pageOf(rows, page);
  return { rows: found.rows.map(toSummary), next: found.next };
}

/** The applicant a scholarship code may be issued to (the /admin/codes?application= form). */
export async function applicant(applicationId: string): Promise<{ id: string; name: string; email: string }> {
  const [row] = await db()<{ id: string; name: string; email: string }[]>`
    select id::text as id, name, email from scholarship_applications where id = ${applicationId}`;
  if (!row) throw new HttpError(404, 'No such scholarship application');
  return row;
}

function linksFor(form: CodeForm, code: string): { label: string; path: string }[] {
  const q = `?code=${encodeURIComponent(code)}`;
  if (form.scope === 'registration-fees') return [{ label: 'Pay your registration fee with your code', path: `/information${q}` }];
  if (form.scope === 'courses' && form.courseIds.length > 0)
    return form.courseIds.slice(0, 5).map((id) => ({ label: 'Buy the course with your code', path: `/buy/${id}${q}` }));
  if (form.scope === 'all-courses' || form.scope === 'courses') return [{ label: 'Choose a course', path: '/courses' }];
  return [];
}

export async function createCode(session: Session, form: CodeForm): Promise<CodeSummary> {
  const person = form.applicationId ? await applicant(form.applicationId).catch(() => null) : null;
  if (form.applicationId && !person) throw new HttpError(400, ['applicationId: No such scholarship application']);
  const validFrom = form.validFrom ? istStart(form.validFrom) : null;
  const validUntil = form.validUntil ? istStart(form.validUntil, 1) : null;
  const amountOffPaise = form.kind === 'fixed' ? rupeesToPaise(form.amountOffRupees!) : null;
  const percentOff = form.kind === 'percent' ? form.percentOff! : null;
  const pick = <T>(scope: CodeForm['scope'], list: T[]) => (form.scope === scope ? list : []);
  let id: string;
  try {
    id = await db().begin(async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into discount_codes (code, description, kind, percent_off, amount_off_paise, scope, course_ids, fee_options, plan_ids,
                                    valid_from, valid_until, max_uses, once_per_person, application_id, issued_to_email, created_by)
        values (${form.code}, ${form.description}, ${form.kind}, ${percentOff}, ${amountOffPaise}, ${form.scope},
                ${pick('courses', form.courseIds)}::text[], ${pick('registration-fees', form.feeOptions)}::text[],
                ${pick('plans', form.planIds)}::bigint[], ${validFrom}, ${validUntil}, ${form.maxUses ?? null}, ${form.oncePerPerson},
                ${person?.id ?? null}, ${person?.email ?? null}, ${session.email})
        returning id::text as id`;
      await recordAdminAction(tx, {
        actor: session,
        action: 'code.create',
        subjectKind: 'code',
        subjectId: row!.id,
        details: {
          code: form.code,
          kind: form.kind,
          percentOff,
          amountOffPaise,
          scope: form.scope,
          maxUses: form.maxUses ?? null,
          applicationId: person?.id ?? null,
        },
      });
      if (person) {
        const email = codeIssuedEmail({
          name: person.name,
          code: form.code,
          value: valueText({ kind: form.kind, percentOff, amountOffPaise }),
          description: form.description,
          validUntil: form.validUntil ? dateIst.format(istStart(form.validUntil)) : null,
          links: linksFor(form, form.code),
        });
        await enqueueEmail(tx, { to: person.email, ...email, tag: 'scholarship-code', toVisitor: true });
      }
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ['code: This code already exists']);
    throw error;
  }
  return (await listCodes({}, id)).rows[0]!;
}

export async function setCodeActive(session: Session, id: string, active: boolean): Promise<CodeSummary> {
  await db().begin(async (tx) => {
    const [row] = await tx<{ code: string }[]>`
      update discount_codes set active = ${active} where id = ${id} returning code`;
    if (!row) throw new HttpError(404, 'No such code');
    await recordAdminAction(tx, {
      actor: session,
      action: active ? 'code.activate' : 'code.deactivate',
      subjectKind: 'code',
      subjectId: id,
      details: { code: row.code },
    });
  });
  return (await listCodes({}, id)).rows[0]!;
}

export async function usesOf(id: string): Promise<CodeUse[]> {
  const [exists] = await db()`select 1 from discount_codes where id = ${id}`;
  if (!exists) throw new HttpError(404, 'No such code');
  const rows = await db()<
    {
      id: string;
      email: string;
      target: CodeUse['target'];
      what: string | null;
      list_paise: string;
      discount_paise: string;
      total_paise: string;
      status: CodeUse['status'];
      at: Date;
    }[]
  >`
    select r.id::text as id, r.email, r.target,
           coalesce(c.title, rp.program_name, case when r.plan_enrolment_id is not null then 'Plan enrolment ' || r.plan_enrolment_id end) as what,
           r.list_paise, r.discount_paise, r.total_paise, r.status, coalesce(r.used_at, r.created_at) as at
    from discount_redemptions r
    left join course_orders co on co.gateway_order_id = r.order_id
    left join courses c on c.id = co.course_id
    left join registration_payments rp on rp.order_id = r.order_id
    where r.code_id = ${id}
    order by r.created_at desc, r.id desc limit 1000`;
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    target: r.target,
    what: r.what ?? r.target,
    listPaise: Number(r.list_paise),
    discountPaise: Number(r.discount_paise),
    totalPaise: Number(r.total_paise),
    status: r.status,
    at: new Date(r.at).toISOString(),
  }));
}
