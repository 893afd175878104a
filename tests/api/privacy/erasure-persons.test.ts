/**
 * Erasure and the admin's persons (docs/architecture.md, Persons): the persons are kept in step
 * with the leads by a sync that any admin read runs first (a search, a person page, insights). A
 * sync that read the person's new lead before an erasure committed must not write it back after:
 * the erasure waits for a sync in progress (and a sync for an erasure), so nothing of the person
 * is left in the group, and a search right after finds nothing.
 */
import { describe, expect, it } from 'vitest';
import { syncPersons } from '../../../netlify/lib/leads/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { adminAccount, INVITE } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const ROUNDS = 3;

async function contact(email: string, name: string, phone: string) {
  const body = build.contact({ Name: name, Number: phone, email, comments: 'Which course suits me?' });
  const answer = await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() });
  expect(answer.status, answer.text).toBe(201);
}

/** Resolves after `ms`, so the other side gets to run into the lock it waits for. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an erasure while the persons are being synced', () => {
  it('leaves nothing of the person in their group, and the search right after finds nothing', async () => {
    const owner = await adminAccount(db, newEmail('owner'));
    for (let round = 0; round < ROUNDS; round++) {
      const surname = `Quill${round}x`;
      const email = newEmail(`erase-sync-${round}`);
      const phone = `98100 5${round}000`;
      const newPhone = `98100 6${round}000`;
      await contact(email, `Asha ${surname}`, phone);
      // Someone else shares the phone: the two are one merged group.
      await contact(newEmail(`sibling-${round}`), 'Ravi Kumar', phone);
      await syncPersons();
      const [group] = await db.sql<{ person_id: string }[]>`
        select person_id::text from person_identities where kind = 'email' and value = ${email}`;
      // A new lead of the person (a new phone), not attached yet.
      await contact(email, `Asha ${surname}`, newPhone);
      const newKey = newPhone.replace(/\D/g, '');

      // A sync reads that lead, then waits to write its new phone (another writer holds the key);
      // the erasure comes in between.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holder = db.sql
        .begin(async (tx) => {
          await tx`insert into person_identities (kind, value, person_id) values ('phone', ${newKey}, ${group!.person_id})`;
          await held;
          throw new Error('rolled back on purpose');
        })
        .catch(() => undefined);
      await pause(100);
      const sync = syncPersons();
      await pause(300);
      const erasure = call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: 'ERASE' } });
      await pause(500);
      release();
      await holder;
      await sync;
      const erased = await erasure;
      expect(erased.status, erased.text).toBe(200);

      const left = await db.sql<{ kind: string; value: string }[]>`
        select kind, value from person_identities where value in (${email}, ${newKey})`;
      expect(left, `round ${round}: identities of the erased person`).toEqual([]);
      const dangling = await db.sql`
        select 1 from person_leads pl where pl.lead_kind = 'contact'
          and not exists (select 1 from contact_requests r where r.id::text = pl.lead_id)`;
      expect(dangling, `round ${round}: links to erased leads`).toHaveLength(0);
      for (const q of [surname, email, newKey]) {
        const found = await call('GET', `/api/v1/admin/persons?q=${encodeURIComponent(q)}`, { token: owner.token });
        expect(found.body.persons, `round ${round}: search ${q}`).toEqual([]);
      }
      // The other person of the group keeps their lead and their place.
      const sibling = await call('GET', '/api/v1/admin/persons?q=Ravi%20Kumar', { token: owner.token });
      expect(sibling.body.persons.length).toBeGreaterThan(0);
    }
  });
});
