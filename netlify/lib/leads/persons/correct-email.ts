/**
 * The counsellor's task after a bounce (docs/product.md, Operations): ask the person for the right
 * address and record it on their page. The right address joins the person (unless it is another
 * person's: merge them first), the bounce is marked handled, and the emails that never reached the
 * old address go to the new one once (mail/corrections.ts), all in one transaction with its audit entry.
 */
import type { BounceCorrection } from '../../../../src/shared/operations.ts';
import type { PersonDto } from '../../../../src/shared/persons.ts';
import { correctSuppression } from '../../mail/index.ts';
import { recordAdminAction, type AuditActor, db, HttpError } from '../../platform/index.ts';
import { lockPersons, personGroup, rootPerson, syncPersons } from './persons.ts';
import { loadPerson } from './timeline.ts';

export async function correctBouncedEmail(
  actor: AuditActor,
  personId: string,
  input: Required<BounceCorrection>,
): Promise<{ message: string; resent: number; person: PersonDto }> {
  await syncPersons();
  return db().begin(async (tx) => {
    await lockPersons(tx);
    const id = await rootPerson(tx, personId);
    if (!id) throw new HttpError(404, 'No person with this id');
    const person = await loadPerson(tx, id);
    if (!person.emails.includes(input.address)) throw new HttpError(404, ["address: This is not one of this person's addresses"]);
    const open = person.bounces.find((b) => b.address === input.address && !b.clearedAt && !b.correctedAt);
    if (!open) throw new HttpError(409, 'This address has no bounce waiting for a right address');
    const group = await personGroup(tx, id);
    const [known] = await tx<{ person_id: string }[]>`
      select person_id::text from person_identities where kind = 'email' and value = ${input.correctedTo}`;
    if (known && !group.includes(known.person_id)) {
      throw new HttpError(409, [`correctedTo: This address belongs to person #${known.person_id}: merge the two first`]);
    }
    if (!known) await tx`insert into person_identities (kind, value, person_id) values ('email', ${input.correctedTo}, ${id})`;
    const resent = await correctSuppression(tx, { address: input.address, correctedTo: input.correctedTo, accountId: actor.accountId });
    await recordAdminAction(tx, {
      actor,
      action: 'email.correct',
      subjectKind: 'person',
      subjectId: id,
      details: { reason: open.reason, resent },
    });
    const message = resent
      ? `Saved. ${resent} ${resent === 1 ? 'email that did not arrive was' : 'emails that did not arrive were'} sent to the right address.`
      : 'Saved. No email was waiting for this address.';
    return { message, resent, person: await loadPerson(tx, id) };
  });
}
