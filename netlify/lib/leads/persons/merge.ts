/**
 * Admin actions on persons (docs/architecture.md, Persons): merge two persons (one human, two
 * emails), undo an admin's merge, find a person by name, email or phone, and the person a lead
 * belongs to. Every merge and undo is in person_merges and the admin audit log, written in the
 * transaction that makes it.
 */
import type { PersonDto, PersonSummary } from '../../../../src/shared/persons.ts';
import { recordAdminAction, type AuditActor, db, HttpError } from '../../platform/index.ts';
import { loadPerson } from './timeline.ts';
import { lockPersons, rootPerson, rootsOf, syncPersons } from './persons.ts';

/** Merges person `otherId` into person `intoId` (each as it counts now); answers the merged person. */
export async function mergePersons(actor: AuditActor, intoId: string, otherId: string, reason?: string): Promise<PersonDto> {
  await syncPersons();
  return db().begin(async (tx) => {
    await lockPersons(tx);
    const into = await rootPerson(tx, intoId);
    if (!into) throw new HttpError(404, 'No person with this id');
    const from = await rootPerson(tx, otherId);
    if (!from) throw new HttpError(404, [`otherId: No person with id ${otherId}`]);
    if (from === into) throw new HttpError(409, 'These are already one person');
    await tx`update persons set merged_into = ${into}, merged_at = now() where id = ${from}`;
    const [merge] = await tx<{ id: string }[]>`
      insert into person_merges (from_person_id, into_person_id, actor_id, reason)
      values (${from}, ${into}, ${actor.accountId}, ${reason ?? null}) returning id::text`;
    await recordAdminAction(tx, {
      actor,
      action: 'person.merge',
      subjectKind: 'person',
      subjectId: into,
      details: { mergeId: merge!.id, from, into, ...(reason ? { reason } : {}) },
    });
    return loadPerson(tx, into);
  });
}

/** Undoes an admin's merge still in effect: the merged person stands alone again. */
export async function undoMerge(actor: AuditActor, personId: string, mergeId: string): Promise<PersonDto> {
  return db().begin(async (tx) => {
    await lockPersons(tx);
    const [merge] = await tx<
      { from_person_id: string; into_person_id: string; actor_id: string | null; undone_at: Date | null; current: string | null }[]
    >`
      select m.from_person_id::text, m.into_person_id::text, m.actor_id, m.undone_at, p.merged_into::text as current
      from person_merges m join persons p on p.id = m.from_person_id
      where m.id = ${mergeId}`;
    if (!merge) throw new HttpError(404, 'No merge with this id');
    const root = await rootPerson(tx, personId);
    const intoRoot = (await rootsOf(tx, [merge.into_person_id])).get(merge.into_person_id);
    if (!root || root !== intoRoot) throw new HttpError(404, 'This merge is not part of this person');
    if (merge.undone_at) throw new HttpError(409, 'This merge was already undone');
    if (!merge.actor_id) throw new HttpError(409, 'An automatic merge (same email or phone) cannot be undone');
    if (merge.current !== merge.into_person_id) throw new HttpError(409, 'This merge is no longer in effect');
    await tx`update persons set merged_into = null, merged_at = null where id = ${merge.from_person_id}`;
    await tx`update person_merges set undone_at = now(), undone_by = ${actor.accountId} where id = ${mergeId}`;
    await recordAdminAction(tx, {
      actor,
      action: 'person.unmerge',
      subjectKind: 'person',
      subjectId: merge.into_person_id,
      details: { mergeId, from: merge.from_person_id, into: merge.into_person_id },
    });
    return loadPerson(tx, root);
  });
}

/** The person a lead belongs to (for links from the inbox): 404 when the lead is unknown. */
export async function personOfLead(kind: string, leadId: string): Promise<{ id: string }> {
  await syncPersons();
  return db().begin(async (tx) => {
    const [row] = await tx<{ person_id: string }[]>`
      select person_id::text from person_leads where lead_kind = ${kind} and lead_id = ${leadId}`;
    const id = row ? await rootPerson(tx, row.person_id) : null;
    if (!id) throw new HttpError(404, 'No lead with this kind and id');
    return { id };
  });
}

/** Persons whose name, email or phone matches (for choosing whom to merge), at most 10. */
export async function searchPersons(q: string): Promise<PersonSummary[]> {
  await syncPersons();
  return db().begin(async (tx) => {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    const rows = await tx<{ person_id: string }[]>`
      select distinct pl.person_id::text from person_leads pl
      join lead_facts f on f.lead_kind = pl.lead_kind and f.lead_id = pl.lead_id
      where lower(coalesce(f.name, '')) like ${pattern} or lower(coalesce(f.email, '')) like ${pattern}
        or (${digits.length >= 4} and regexp_replace(coalesce(f.phone, ''), '\\D', '', 'g') like ${`%${digits}%`})
      limit 100`;
    const roots = [
      ...new Set(
        (
          await rootsOf(
            tx,
            rows.map((r) => r.person_id),
          )
        ).values(),
      ),
    ].slice(0, 10);
    const out: PersonSummary[] = [];
    for (const root of roots) {
      const person = await loadPerson(tx, root);
      out.push({ id: person.id, names: person.names, emails: person.emails, phones: person.phones, leads: person.leads.length });
    }
    return out;
  });
}
