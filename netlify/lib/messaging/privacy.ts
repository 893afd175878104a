/**
 * WhatsApp in the privacy catalogue: a person's messages both ways, the numbers they opted in
 * with, and their queued WhatsApp rows of the outbox are exported and erased with them. Order
 * matters: the numbers are looked up before their rows go.
 */
import type { Subject, TableCoverage } from '../privacy/index.ts';
import type { Tx } from '../platform/index.ts';

const numbersOf = (tx: Tx, s: Subject) => tx`select phone from whatsapp_contacts where email in ${tx(s.provenEmails.concat(''))}`;

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
    export: (tx, s) => tx`select phone, language, opted_in_at from whatsapp_contacts
                          where email in ${tx(s.provenEmails.concat(''))} order by opted_in_at`,
    // With the numbers go the WhatsApp rows of the outbox (their email is in recipient_email).
    erase: async (tx, s) => {
      const queued = await tx`delete from email_outbox where channel = 'whatsapp' and recipient_email in ${tx(s.provenEmails.concat(''))}`;
      const numbers = await tx`delete from whatsapp_contacts where email in ${tx(s.provenEmails.concat(''))}`;
      return queued.count + numbers.count;
    },
  },
};
