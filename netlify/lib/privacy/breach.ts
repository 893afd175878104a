/**
 * Breach help for the owners (DPDP Rules r.7): the people whose rows a breach touched (by a time
 * window and tables, or by `table:id`), each with the channel to reach them, and the two notices
 * drafted under the Rule's headings. Sending writes one email per person with an email channel,
 * only after the typed confirmation, and leaves one audit entry (counts, never addresses).
 */
import {
  boardReport,
  breachIdProblem,
  personNotice,
  type AffectedPerson,
  type BreachFacts,
  type BreachPreview,
  type BreachTable,
} from '../../../src/shared/breach.ts';
import { GRIEVANCE_EMAIL } from '../../../src/shared/notice.ts';
import { db, type Db, HttpError, recordAdminAction, type Tx } from '../platform/index.ts';
import { enqueueEmail, suppressionsFor } from '../outbox/index.ts';
import type { Session } from '../auth/index.ts';

type Found = { key: string; email: string; name: string; phone: string | null };

/** Each table's people: its key, email, name and phone; erased rows never count. */
const PEOPLE_QUERIES: Record<BreachTable, string> = {
  registrations: `select 'registrations:' || id as key, email, name, phone, created_at from registrations where erased_at is null`,
  contact_requests: `select 'contact_requests:' || id as key, email, coalesce(name, '') as name, phone, created_at from contact_requests`,
  scholarship_applications: `select 'scholarship_applications:' || id as key, email, name, phone, created_at from scholarship_applications`,
  startup_pitches: `select 'startup_pitches:' || id as key, email, name, phone, created_at from startup_pitches`,
  accounts: `select 'accounts:' || id as key, email, trim(first_name || ' ' || last_name) as name, null::text as phone, created_at
             from accounts where role = 'user' and erased_at is null`,
  course_orders: `select 'course_orders:' || o.id as key, o.email, trim(a.first_name || ' ' || a.last_name) as name, null::text as phone,
                  o.created_at from course_orders o join accounts a on a.id = o.account_id where a.erased_at is null`,
};
/** A Map, not the object: `constructor` or `__proto__` are in every object, and in no Map. */
const PEOPLE = new Map<string, string>(Object.entries(PEOPLE_QUERIES));

/** The people query of a table the owner named; a name that is no breach table is refused (400). */
function peopleOf(table: string): string {
  const query = PEOPLE.get(table);
  if (!query) throw new HttpError(400, [`tables: ${table} is not one of the breach tables`]);
  return query;
}

export type BreachScope = { from: string; to: string; tables: BreachTable[]; ids: string[] };

async function affected(tx: Db, scope: BreachScope): Promise<AffectedPerson[]> {
  const found: Found[] = [];
  for (const table of scope.tables) {
    found.push(
      ...(await tx.unsafe<Found[]>(`select key, email, name, phone from (${peopleOf(table)}) t where created_at between $1 and $2`, [
        scope.from,
        scope.to,
      ])),
    );
  }
  const byTable = new Map<string, string[]>();
  for (const [index, id] of scope.ids.entries()) {
    const problem = breachIdProblem(id);
    if (problem) throw new HttpError(400, [`ids.${index}: ${problem}`]);
    const table = id.slice(0, id.indexOf(':'));
    byTable.set(table, [...(byTable.get(table) ?? []), id]);
  }
  for (const [table, keys] of byTable)
    found.push(...(await tx.unsafe<Found[]>(`select key, email, name, phone from (${peopleOf(table)}) t where key = any($1)`, [keys])));
  const people = new Map<string, AffectedPerson>();
  for (const row of found) {
    const email = row.email.toLowerCase();
    const person = people.get(email) ?? { email, name: row.name, phone: row.phone, channel: 'email' as const, found: [] };
    person.name ||= row.name;
    person.phone ??= row.phone;
    if (!person.found.includes(row.key)) person.found.push(row.key);
    people.set(email, person);
  }
  const list = [...people.values()].sort((a, b) => a.email.localeCompare(b.email));
  if (list.length === 0) return list;
  // An address that bounced cannot be told by email: the team calls instead.
  const bounced = await suppressionsFor(
    tx,
    list.map((p) => p.email),
  );
  const unreachable = new Set(bounced.filter((b) => !b.clearedAt).map((b) => b.address));
  return list.map((p) => (unreachable.has(p.email) && p.phone ? { ...p, channel: 'phone' as const } : p));
}

export async function previewBreach(scope: BreachScope, facts: BreachFacts): Promise<BreachPreview> {
  const people = await affected(db(), scope);
  return {
    people,
    personNotice: personNotice(facts, GRIEVANCE_EMAIL),
    boardReport: boardReport(facts, { from: scope.from, to: scope.to, affected: people.length, contact: GRIEVANCE_EMAIL }),
  };
}

/** Sends the person notice by email (the phone ones are listed for the team) and logs it. */
export async function sendBreachNotices(
  owner: Session,
  scope: BreachScope,
  facts: BreachFacts,
): Promise<{ emailed: number; byPhone: AffectedPerson[] }> {
  return db().begin(async (tx: Tx) => {
    const people = await affected(tx, scope);
    const notice = personNotice(facts, GRIEVANCE_EMAIL);
    let emailed = 0;
    for (const person of people.filter((p) => p.channel === 'email')) {
      const greeting = person.name ? `Dear ${person.name.split(' ')[0]},` : 'Hello,';
      if (
        await enqueueEmail(tx, {
          to: person.email,
          subject: notice.subject,
          text: `${greeting}\n\n${notice.text}\n\nThe Aspira team`,
          tag: 'breach-notice',
        })
      )
        emailed++;
    }
    const byPhone = people.filter((p) => p.channel === 'phone');
    await recordAdminAction(tx, {
      actor: { accountId: owner.accountId, email: owner.email },
      action: 'privacy.breach-notify',
      subjectKind: 'breach',
      subjectId: `${scope.from}/${scope.to}`,
      details: { affected: people.length, emailed, byPhone: byPhone.length, tables: scope.tables, ids: scope.ids.length },
    });
    return { emailed, byPhone };
  });
}
