/**
 * WhatsApp on the person page (docs/whatsapp.md): the messages in the timeline, the reply box's
 * state, and a counsellor's reply. Owners may write to anyone; a counsellor to the people whose
 * leads they own.
 */
import type { WhatsAppPanel, WhatsAppReply } from '../../../../src/shared/whatsapp.ts';
import type { Session } from '../../auth/index.ts';
import { optedInEmail, sendFollowUp, whatsappState, NOT_OPTED_IN } from '../../messaging/index.ts';
import { db, HttpError, recordAdminAction } from '../../platform/index.ts';
import { mayActOnPerson } from './access.ts';
import { syncPersons } from './persons.ts';
import { loadPerson } from './timeline.ts';

export const NOT_YOUR_LEAD = 'Only the counsellor who owns one of this person’s leads, or an owner, can write to them';

export async function personWhatsApp(admin: Session, personId: string): Promise<WhatsAppPanel> {
  await syncPersons();
  return db().begin(async (tx) => {
    const person = await loadPerson(tx, personId);
    const state = await whatsappState(tx, person.emails, person.phones);
    return { ...state, canReply: await mayActOnPerson(tx, admin, person.leads) };
  });
}

/** The counsellor's reply: the follow-up template, or free text while the window is open. */
export async function replyOnWhatsApp(admin: Session, personId: string, reply: WhatsAppReply): Promise<WhatsAppPanel> {
  await db().begin(async (tx) => {
    const person = await loadPerson(tx, personId);
    if (!(await mayActOnPerson(tx, admin, person.leads))) throw new HttpError(403, NOT_YOUR_LEAD);
    const email = await optedInEmail(tx, person.emails);
    if (!email) throw new HttpError(409, NOT_OPTED_IN);
    const [me] = await tx<
      { name: string | null }[]
    >`select nullif(trim(first_name), '') as name from accounts where id = ${admin.accountId}`;
    await sendFollowUp(tx, {
      email,
      sentBy: admin.accountId,
      message:
        reply.kind === 'text'
          ? { kind: 'text', text: reply.text }
          : { kind: 'template', variables: { name: person.names[0] ?? 'there', counsellor: me?.name ?? 'Aspira admissions' } },
    });
    await recordAdminAction(tx, {
      actor: { accountId: admin.accountId, email: admin.email },
      action: 'whatsapp.send',
      subjectKind: 'person',
      subjectId: person.id,
      details: { kind: reply.kind },
    });
  });
  return personWhatsApp(admin, personId);
}
