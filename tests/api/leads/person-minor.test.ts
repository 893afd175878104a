/**
 * A child's lead on the person page: the person carries the parent to contact instead (name,
 * email, phone, whether they consented), by the lead it concerns; an adult's person carries none.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { freshIp, makeAdmin } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();

async function personOfContact(token: string, email: string) {
  const [lead] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email} order by id desc limit 1`;
  const found = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${lead!.id}`, { token });
  expect(found.status, found.text).toBe(200);
  const res = await call('GET', `/api/v1/admin/persons/${found.body.id}`, { token });
  expect(res.status, res.text).toBe(200);
  return { leadId: lead!.id, person: res.body.person };
}

describe("a child's person page", () => {
  it('names the parent to contact for the child’s lead, and no parent for an adult', async () => {
    const owner = await makeAdmin('Minorpage', 'owner');
    const child = await call('POST', '/api/v1/user/contactus', {
      body: build.contact({
        Name: 'Kabir',
        Number: '9811122233',
        email: 'kabir.child@example.com',
        comments: 'Which course?',
        under18: true,
        parentName: 'Meera Verma',
        parentEmail: 'meera.parent@example.com',
        parentPhone: '9810011111',
      }),
      ip: freshIp(),
    });
    expect(child.status, child.text).toBe(201);
    const { leadId, person } = await personOfContact(owner.token, 'kabir.child@example.com');
    expect(person.parents).toEqual([
      {
        lead: { kind: 'contact', id: leadId },
        name: 'Meera Verma',
        email: 'meera.parent@example.com',
        phone: expect.stringContaining('9810011111'),
        consent: 'awaiting',
      },
    ]);

    const adult = await call('POST', '/api/v1/user/contactus', {
      body: build.contact({ Name: 'Asha', Number: '9811100099', email: 'asha.adult@example.com', comments: 'Hello' }),
      ip: freshIp(),
    });
    expect(adult.status, adult.text).toBe(201);
    expect((await personOfContact(owner.token, 'asha.adult@example.com')).person.parents).toEqual([]);
  });
});
