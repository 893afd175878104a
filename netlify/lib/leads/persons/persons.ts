/**
 * Persons: the human behind the leads (docs/architecture.md, Persons). Leads sharing an email
 * (case-insensitive) or a phone (its digits; an Indian number by its last 10) are one person.
 *
 * The grouping is materialised (persons, person_identities, person_leads), not computed at read
 * time, because an admin merge (one human, two emails and two phones) must be stored and undone,
 * and conversion counts need a stable person per lead. `syncPersons()` attaches the leads it has
 * not seen yet, oldest first: a lead whose email or phone is known joins that person; one that
 * links two persons merges the newer into the older (recorded as an automatic merge); otherwise
 * it starts a person. Readers call it first, so the lead write path stays untouched.
 */
import { db, type Tx } from '../../platform/index.ts';
import type { LeadKindName } from '../touches.ts';

/** A lower-cased email, or null when it is not one. */
export function emailKey(raw: string | null | undefined): string | null {
  const value = raw?.trim().toLowerCase() ?? '';
  return /^[^@\s]+@[^@\s]+$/.test(value) && value.length <= 254 ? value : null;
}

/**
 * A phone's digits, Indian numbers by their last 10 ("+91 98765 43210", "098765 43210" and
 * "9876543210" are one key); other numbers keep their country code. Null below 7 digits.
 */
export function phoneKey(raw: string | null | undefined): string | null {
  let digits = (raw ?? '').replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 7 || digits.length > 15) return null;
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

const BATCH = 1000;
const MAX_BATCHES = 10;

/** One lock for everything that changes persons (sync and merges): a transaction-level lock. */
export async function lockPersons(tx: Tx): Promise<void> {
  await tx`select 1 as locked from (select pg_advisory_xact_lock(hashtext('aspira:persons'))) as l`;
}

type NewLead = { lead_kind: LeadKindName; lead_id: string; email: string | null; phone: string | null; created_at: Date };

/** Attaches every lead not attached yet (up to 10,000 per call); answers how many. */
export async function syncPersons(): Promise<number> {
  let attached = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const count = await db().begin(async (tx) => {
      await lockPersons(tx);
      return attachBatch(tx);
    });
    attached += count;
    if (count < BATCH) break;
  }
  return attached;
}

async function attachBatch(tx: Tx): Promise<number> {
  const leads = await tx<NewLead[]>`
    select l.lead_kind, l.lead_id, l.email, l.phone, l.created_at from (
      select 'contact' as lead_kind, id::text as lead_id, email, phone, created_at from contact_requests
      union all select 'scholarship', id::text, email, phone, created_at from scholarship_applications
      union all select 'pitch', id::text, email, phone, created_at from startup_pitches
      union all select 'registration', id, email, phone, created_at from registrations
      union all select 'order', id::text, email, null, created_at from course_orders
    ) l
    where not exists (select 1 from person_leads pl where pl.lead_kind = l.lead_kind and pl.lead_id = l.lead_id)
    order by l.created_at, l.lead_kind, l.lead_id
    limit ${BATCH}`;
  if (leads.length === 0) return 0;

  const keysOf = (lead: NewLead) =>
    [emailKey(lead.email) && `email:${emailKey(lead.email)}`, phoneKey(lead.phone) && `phone:${phoneKey(lead.phone)}`].filter(
      (k): k is string => Boolean(k),
    );
  const emails = [...new Set(leads.map((l) => emailKey(l.email)).filter((v): v is string => v !== null))];
  const phones = [...new Set(leads.map((l) => phoneKey(l.phone)).filter((v): v is string => v !== null))];
  const identities = await tx<{ kind: string; value: string; person_id: string }[]>`
    select kind, value, person_id::text from person_identities
    where (kind = 'email' and value in ${tx(emails.concat(''))}) or (kind = 'phone' and value in ${tx(phones.concat(''))})`;
  const roots = await rootsOf(tx, [...new Set(identities.map((i) => i.person_id))]);

  // Union-find over persons: "p<id>" exist already, "t<n>" are new in this batch.
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    let n = node;
    while (parent.get(n) !== n) n = parent.get(n)!;
    return n;
  };
  const keyNode = new Map<string, string>();
  for (const identity of identities) {
    const root = `p${roots.get(identity.person_id)!}`;
    parent.set(root, root);
    keyNode.set(`${identity.kind}:${identity.value}`, root);
  }
  const rank = (node: string) => (node.startsWith('p') ? Number(node.slice(1)) : Number.MAX_SAFE_INTEGER);
  const automatic: { from: string; into: string }[] = [];
  const newKeys: string[] = [];
  const tempCreated = new Map<string, Date>();
  const leadNode: [NewLead, string][] = [];
  let temp = 0;
  for (const lead of leads) {
    const keys = keysOf(lead);
    const nodes = [
      ...new Set(
        keys
          .map((k) => keyNode.get(k))
          .filter((n): n is string => n !== undefined)
          .map(find),
      ),
    ];
    let survivor: string;
    if (nodes.length === 0) {
      survivor = `t${temp++}`;
      parent.set(survivor, survivor);
      tempCreated.set(survivor, lead.created_at);
    } else {
      // Existing persons win over new ones, the oldest (lowest id) over the rest.
      survivor = nodes.reduce((a, b) => (rank(b) < rank(a) ? b : a));
      for (const other of nodes) {
        if (other === survivor) continue;
        parent.set(other, survivor);
        if (other.startsWith('p')) automatic.push({ from: other, into: survivor });
      }
    }
    for (const key of keys)
      if (!keyNode.has(key)) {
        keyNode.set(key, survivor);
        newKeys.push(key);
      }
    leadNode.push([lead, survivor]);
  }

  // New persons (the roots among the batch's temporary ones), created at their first lead's time.
  const tempRoots = [...tempCreated.keys()].filter((t) => find(t) === t);
  const realId = new Map<string, string>();
  if (tempRoots.length) {
    const created = await tx<{ id: string }[]>`
      insert into persons ${tx(tempRoots.map((t) => ({ created_at: tempCreated.get(t)! })))} returning id::text`;
    tempRoots.forEach((t, i) => realId.set(t, created[i]!.id));
  }
  const idOf = (node: string) => {
    const root = find(node);
    return root.startsWith('p') ? root.slice(1) : realId.get(root)!;
  };
  for (const { from, into } of automatic) {
    await tx`update persons set merged_into = ${idOf(into)}, merged_at = now() where id = ${from.slice(1)} and merged_into is null`;
    await tx`insert into person_merges (from_person_id, into_person_id, reason)
             values (${from.slice(1)}, ${idOf(into)}, 'A lead shared an email or phone with both')`;
  }
  if (newKeys.length) {
    const rows = newKeys.map((key) => {
      const [kind, ...rest] = key.split(':');
      return { kind: kind!, value: rest.join(':'), person_id: idOf(keyNode.get(key)!) };
    });
    await tx`insert into person_identities ${tx(rows)} on conflict do nothing`;
  }
  await tx`insert into person_leads ${tx(leadNode.map(([lead, node]) => ({ lead_kind: lead.lead_kind, lead_id: lead.lead_id, person_id: idOf(node) })))}
           on conflict do nothing`;
  return leads.length;
}

/** The person each id counts as now (following merged_into to its end); unknown ids are left out. */
export async function rootsOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx<{ start: string; root: string }[]>`
    with recursive up (start, id, merged_into) as (
      select p.id, p.id, p.merged_into from persons p where p.id in ${tx(ids.map(Number))}
      union all
      select up.start, p.id, p.merged_into from persons p join up on p.id = up.merged_into
    )
    select start::text, id::text as root from up where merged_into is null`;
  return new Map(rows.map((r) => [r.start, r.root]));
}

/** The person `id` counts as now, or null when there is no such person. */
export async function rootPerson(tx: Tx, id: string): Promise<string | null> {
  return (await rootsOf(tx, [id])).get(id) ?? null;
}

/** Every person id that counts as `root` (itself and all merged into it, at any depth). */
export async function personGroup(tx: Tx, root: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    with recursive down (id) as (
      select ${root}::bigint
      union all
      select p.id from persons p join down on p.merged_into = down.id
    )
    select id::text from down`;
  return rows.map((r) => r.id);
}
