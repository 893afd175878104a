/**
 * The parent must be someone else (DPDP Act s.9(1)): an alias of the child's own mailbox
 * (`kid+mum@gmail.com`, a dotted Gmail name, googlemail.com) is refused on every form that asks
 * for a parent, with a message on the field, and nothing is written. The rule is the one the codes
 * use for "once per person" (the database's mailbox_key), and the two stay equal.
 */
import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../../src/shared/mailbox.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { bornYearsAgo, nextIp, registrationForm, verifiedToken } from '../registrations/kit.ts';
import { PASSWORD } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
const SAME_MAILBOX = /^parentEmail: The parent's email must be a different mailbox from yours/;
let n = 0;
/** A fresh Gmail name for the child: `kid<pid>x<n>`. */
const kid = () => `kid${process.pid}x${++n}`;
const parent = (parentEmail: string) => ({ parentName: 'Meera Verma', parentEmail, parentPhone: '9810011111' });

async function nothingWrittenFor(email: string) {
  for (const table of ['contact_requests', 'registrations', 'accounts', 'consents', 'parental_consents'] as const) {
    const column = table === 'parental_consents' ? 'child_email' : 'email';
    expect(await db.sql`select 1 from ${db.sql(table)} where lower(${db.sql(column)}) = ${email.toLowerCase()}`, table).toHaveLength(0);
  }
}

describe("the parent's email is another mailbox than the child's", () => {
  it('a lead form refuses kid+mum@ for kid@ (400 on the field), and writes nothing', async () => {
    const name = kid();
    const email = `${name}@gmail.com`;
    const body = build.contact({
      Name: 'Asha',
      Number: '9810042424',
      email,
      comments: 'Hi',
      under18: true,
      ...parent(`${name}+mum@gmail.com`),
    });
    const answer = await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([expect.stringMatching(SAME_MAILBOX)]);
    await nothingWrittenFor(email);
  });

  it('signup refuses a dotted Gmail name at googlemail.com for the same inbox', async () => {
    const name = kid();
    const email = `${name.split('').join('.')}@gmail.com`;
    const body = { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD, under18: true, ...parent(`${name}@googlemail.com`) };
    const answer = await call('POST', '/api/v1/user/signup', { body, ip: nextIp() });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([expect.stringMatching(SAME_MAILBOX)]);
    await nothingWrittenFor(email);
  });

  it("a child's registration refuses KID+mum@Gmail.com for kid@gmail.com; a real parent is asked", async () => {
    const name = kid();
    const email = `${name}@gmail.com`;
    const verificationToken = await verifiedToken(db, email);
    const send = (parentEmail: string) =>
      call('POST', '/api/v1/user/register-unpaid', {
        body: { ...registrationForm(email), verificationToken, dateOfBirth: bornYearsAgo(16), ...parent(parentEmail) },
        ip: nextIp(),
      });
    const alias = await send(`${name.toUpperCase()}+mum@Gmail.com`);
    expect(alias.status, alias.text).toBe(400);
    expect(alias.body.errors).toEqual([expect.stringMatching(SAME_MAILBOX)]);
    await nothingWrittenFor(email);

    const mum = await send(`mum.of.${name}@gmail.com`);
    expect(mum.status, mum.text).toBe(201);
    expect(await db.sql`select 1 from parental_consents where child_email = ${email}`).toHaveLength(1);
  });

  it("a request asked before the rule, whose link went to the child's own inbox, cannot confirm", async () => {
    const name = kid();
    const email = `${name}@gmail.com`;
    const verificationToken = await verifiedToken(db, email);
    const registered = await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...registrationForm(email), verificationToken, dateOfBirth: bornYearsAgo(16), ...parent(`mum.of.${name}@example.com`) },
      ip: nextIp(),
    });
    expect(registered.status, registered.text).toBe(201);
    const [mail] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${`mum.of.${name}@example.com`} and tag = 'parent-consent'`;
    const token = decodeURIComponent(mail!.text_body.match(/\/parent-consent\?t=([\w%-]+)/)![1]!);
    await db.sql`update parental_consents set parent_email = ${`${name}+mum@gmail.com`} where child_email = ${email}`;
    const given = await call('POST', '/api/v1/parent-consent/decide', { body: { token, decision: 'given' }, ip: nextIp() });
    expect(given.status, given.text).toBe(409);
    expect(given.body.errors).toMatch(/child's own mailbox/);
    expect(await db.sql`select status from parental_consents where child_email = ${email}`).toEqual([{ status: 'awaiting' }]);
  });

  it("is the database's mailbox_key, address for address", async () => {
    const addresses = [
      'Na.Me+again@Gmail.com',
      'name@googlemail.com',
      'N.A.M.E@GOOGLEMAIL.COM',
      'na.me+x+y@example.com',
      ' Na.Me@Example.com ',
      '+tag@example.com',
      '.@gmail.com',
      'no-at-sign',
      'a@b@gmail.com',
    ];
    const rows = await db.sql<{ key: string }[]>`
      select mailbox_key(e) as key from unnest(${addresses}::text[]) with ordinality as t(e, n) order by n`;
    expect(addresses.map(mailboxKey)).toEqual(rows.map((r) => r.key));
  });
});
