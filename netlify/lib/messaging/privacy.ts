/**
 * WhatsApp in the privacy catalogue: a person's messages both ways, the numbers given with their
 * email, the codes sent to prove them, and their queued WhatsApp rows of the outbox are exported
 * and erased with them. A number's own messages go with the person only once it is proven theirs
 * (someone else may have typed their email beside a stranger's number). A number's STOP is kept:
 * it holds only the number, and erasing it would message the number again. Order matters: the
 * numbers are looked up before their rows go.
 */
import { eraseWhatsAppRows } from '../outbox/index.ts';
import type { Subject, TableCoverage } from '../privacy/types.ts';
import type { Tx } from '../platform/index.ts';

const numbersOf = (tx: Tx, s: Subject) =>
  tx`select phone from whatsapp_contacts where email in ${tx(s.provenEmails.concat(''))} and verified_at is not null`;

export const WHATSAPP_DATA: Record<string, TableCoverage> = {
  whatsapp_messages: {
    label: 'whatsappMessages',
    export: (tx, s) => tx`select direction, phone, template, body, status, status_at, created_at from whatsapp_messages
                          where email in ${tx(s.provenEmails.concat(''))} or phone in (${numbersOf(tx, s)}) order by created_at`,
    erase: async (tx, s) =>
      (await tx`delete from whatsapp_messages where email in ${tx(s.provenEmails.concat(''))} or phone in (${numbersOf(tx, s)})`).count,
  },
  whatsapp_sandbox_messages: {
    label: 'whatsappSandboxMessages',
    // Only a local run writes here (the sandbox's own books).
    export: (tx, s) => tx`select direction, phone, template, body, created_at from whatsapp_sandbox_messages
                          where phone in (${numbersOf(tx, s)}) order by created_at`,
    erase: async (tx, s) => (await tx`delete from whatsapp_sandbox_messages where phone in (${numbersOf(tx, s)})`).count,
  },
  whatsapp_contacts: {
    label: 'whatsappNumbers',
    export: (tx, s) => tx`select phone, language, opted_in_at, verified_at from whatsapp_contacts
                          where email in ${tx(s.provenEmails.concat(''))} order by opted_in_at`,
    // With the numbers go the WhatsApp rows of the outbox (their email is in recipient_email).
    erase: async (tx, s) => {
      const queued = await eraseWhatsAppRows(tx, s.provenEmails);
      const numbers = await tx`delete from whatsapp_contacts where email in ${tx(s.provenEmails.concat(''))}`;
      return queued + numbers.count;
    },
  },
  whatsapp_codes: {
    label: 'whatsappCodes',
    export: (tx, s) => tx`select phone, created_at, expires_at, consumed_at from whatsapp_codes
                          where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from whatsapp_codes where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
  whatsapp_blocked_numbers: {
    label: 'whatsappStoppedNumbers',
    export: (tx, s) => tx`select phone, blocked_at, via from whatsapp_blocked_numbers where phone in (${numbersOf(tx, s)})`,
    erase: { keep: 'a number that replied STOP, with no email or name: kept so that nothing is sent to it again' },
  },
};
