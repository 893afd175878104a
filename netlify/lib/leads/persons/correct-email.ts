/**
 * The counsellor's task after a bounce (docs/product.md, Operations): ask the person for the right
 * address and record it on their page. Only the counsellor who owns one of the person's leads, or
 * an owner, may. The right address joins the person (unless it is another person's: merge them
 * first), the bounce is marked handled, and the plain emails that never reached the old address go
 * to the new one once; those with a link or an amount are held back (outbox/corrections.ts), all in
 * one transaction with its audit entry.
 */
import type { BounceCorrection } from '../../../../src/shared/operations.ts';
import type { PersonDto } from '../../../../src/shared/persons.ts';
import type { Session } from '../../auth/index.ts';
import { correctSuppression } from '../../outbox/index.ts';
import { recordAdminAction, db, HttpError } from '../../platform/index.ts';
import { mayActOnPerson } from './access.ts';
import { lockPersons, personGroup, rootPerson, syncPersons } from './persons.ts';
import { loadPerson } from './timeline.ts';

export const NOT_YOUR_PERSON = 'Only the counsellor who owns one of this person’s leads, or an owner, can record their right address';

const emails = (n: number) => `${n} ${n === 1 ? 'email' : 'emails'}`;

function answer(resent: number, heldBack: number): string {
  if (resent + heldBack === 0) return 'Saved. No email was waiting for this address.';
  const sent = resent
    ? `${emails(resent)} that did not arrive ${resent === 1 ? 'was' : 'were'} sent to the right address.`
    : 'No email was sent to the right address.';
  const held = heldBack
    ? ` ${heldBack} ${heldBack === 1 ? 'was' : 'were'} held back: ${heldBack === 1 ? 'it carries' : 'they carry'} a link or an amount, which go only to an address the person has proven (see the timeline).`
    : '';
  return `Saved. ${sent}${held}`;
}

export async function correctBouncedEmail(
  admin: Pick<Session, 'accountId' | 'email' | 'adminRole'>,
  personId: string,
  input: Required<BounceCorrection>,
): Promise<{ message: string; resent: number; heldBack: number; person: PersonDto }> {
  await syncPersons();
  return db().begin(async (tx) => {
    await lockPersons(tx);
    const id = await rootPerson(tx, personId);
    if (!id) throw new HttpError(404, 'No person with this id');
    const person = await loadPerson(tx, id);
    if (!(await mayActOnPerson(tx, admin, person.leads))) throw new HttpError(403, NOT_YOUR_PERSON);
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
    const { resent, heldBack } = await correctSuppression(tx, {
      address: input.address,
      correctedTo: input.correctedTo,
      accountId: admin.accountId,
    });
    await recordAdminAction(tx, {
      actor: { accountId: admin.accountId, email: admin.email },
      action: 'email.correct',
      subjectKind: 'person',
      subjectId: id,
      details: { reason: open.reason, resent, heldBack: heldBack.length, heldTags: heldBack.map((e) => e.tag) },
    });
    return { message: answer(resent, heldBack.length), resent, heldBack: heldBack.length, person: await loadPerson(tx, id) };
  });
}
