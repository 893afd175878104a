import { describe, expect, it } from 'vitest';
import { db } from '../../../netlify/lib/platform/index.ts';
import { transport, type MailTransport, postmarkTransport } from '../../../netlify/lib/mail/index.ts';
import { backoffMinutes, deliverDue, enqueueEmail } from '../../../netlify/lib/outbox/index.ts';
import { useFakePostmark } from '../../fixtures/fake-postmark.ts';
import { count, useTestDatabase } from '../support/harness.ts';

const testDb = useTestDatabase();

const postmark = useFakePostmark();

/** A transport that sends nothing and remembers each subject it was given. */
function recordingTransport(): { sent: string[]; recorder: MailTransport } {
  const sent: string[] = [];
  return {
    sent,
    recorder: {
      name: 'recorder',
      send: async (m) => {
        sent.push(m.subject);
        return undefined;
      },
    },
  };
}

async function clearOutbox() {
  await testDb.sql`delete from email_outbox`;
}

describe('the outbox', () => {
  it('writes the email in the caller transaction: a rollback leaves no email', async () => {
    await clearOutbox();
    await expect(
      db().begin(async (tx) => {
        await enqueueEmail(tx, { to: 'a@example.com', subject: 'Hello', text: 'Body' });
        throw new Error('the fact failed');
      }),
    ).rejects.toThrow('the fact failed');
    expect(await count(testDb, 'email_outbox')).toBe(0);
    await db().begin((tx) => enqueueEmail(tx, { to: 'a@example.com', subject: 'Hello', text: 'Body', tag: 'test' }));
    expect(await count(testDb, 'email_outbox')).toBe(1);
  });

  it('writes nothing to an erased address (the reserved .invalid domain): there is nobody to tell', async () => {
    await clearOutbox();
    expect(await enqueueEmail(db(), { to: 'erased-acc1@erased.invalid', subject: 'Refund processed', text: 'Body' })).toBeNull();
    expect(await enqueueEmail(db(), { to: 'someone@example.com', subject: 'Refund processed', text: 'Body' })).not.toBeNull();
    expect(await count(testDb, 'email_outbox')).toBe(1);
  });

  it('refuses line breaks in header values', async () => {
    await expect(
      db().begin((tx) => enqueueEmail(tx, { to: 'a@example.com\r\nBcc: x@evil.test', subject: 'Hi', text: 'x' })),
    ).rejects.toThrow(/Line breaks/);
    await expect(db().begin((tx) => enqueueEmail(tx, { to: 'a@example.com', subject: 'Hi\nBcc: x@evil.test', text: 'x' }))).rejects.toThrow(
      /Line breaks/,
    );
  });

  it('uses Postmark when a token is set', () => {
    expect(transport()?.name).toBe('postmark');
  });

  it('delivers through Postmark with the server token and marks the row sent', async () => {
    await clearOutbox();
    postmark.requests.length = 0;
    await db().begin((tx) =>
      enqueueEmail(tx, { to: 'learner@example.com', subject: 'Your receipt', text: 'Paid ₹2,500', html: '<p>Paid</p>', tag: 'receipt' }),
    );
    const result = await deliverDue();
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(postmark.requests).toHaveLength(1);
    expect(postmark.requests[0]!.path).toBe('/email');
    expect(postmark.requests[0]!.token).toBe('test-server-token');
    expect(postmark.requests[0]!.body).toMatchObject({
      To: 'learner@example.com',
      Subject: 'Your receipt',
      // Every email ends with the signed "Your choices" link (DPDP Act s.6(4)).
      TextBody: expect.stringMatching(
        /^Paid ₹2,500\n\nYour choices: see or withdraw the consents you gave Aspira: http:\/\/\S+\/choices\?t=[\w.-]+$/,
      ),
      HtmlBody: expect.stringMatching(/^<p>Paid<\/p><p [^>]*><a href="http:\/\/\S+\/choices\?t=[\w.-]+">Your choices/),
      Tag: 'receipt',
    });
    expect(postmark.requests[0]!.body).not.toHaveProperty('Headers');
    const [row] = await testDb.sql`select status, provider_message_id, sent_at from email_outbox`;
    expect(row).toMatchObject({ status: 'sent', provider_message_id: 'msg-1' });
    expect(row!.sent_at).not.toBeNull();
    expect(await deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a failed delivery pending with backoff, then delivers it on a later run', async () => {
    await clearOutbox();
    postmark.requests.length = 0;
    postmark.failNext = 1;
    await db().begin((tx) => enqueueEmail(tx, { to: 'learner@example.com', subject: 'Retry me', text: 'x' }));
    expect(await deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await testDb.sql`select status, attempts, last_error, next_attempt_at > now() as later from email_outbox`;
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, later: true });
    expect(pending!.last_error).toMatch(/Service unavailable|503/);
    expect(await deliverDue()).toEqual({ sent: 0, failed: 0 }); // not due yet
    await testDb.sql`update email_outbox set next_attempt_at = now()`;
    expect(await deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(postmark.requests).toHaveLength(2);
  });

  it('never sends one message twice when runs overlap', async () => {
    await clearOutbox();
    const sent: string[] = [];
    const slow: MailTransport = {
      name: 'slow',
      send: async (m) => {
        sent.push(m.subject);
        await new Promise((r) => setTimeout(r, 20));
        return undefined;
      },
    };
    await db().begin(async (tx) => {
      for (let i = 0; i < 12; i++) await enqueueEmail(tx, { to: `p${i}@example.com`, subject: `m${i}`, text: 'x' });
    });
    const results = await Promise.all([deliverDue({ via: slow }), deliverDue({ via: slow }), deliverDue({ via: slow })]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
  });

  it('abandons a hanging send at its timeout and keeps the row pending, due again in a minute', async () => {
    await clearOutbox();
    const hanging: MailTransport = {
      name: 'hanging',
      send: (_m, { signal }) => new Promise((_ok, fail) => signal.addEventListener('abort', () => fail(signal.reason as Error))),
    };
    await db().begin((tx) => enqueueEmail(tx, { to: 'slow@example.com', subject: 'Hang', text: 'x' }));
    const started = Date.now();
    expect(await deliverDue({ via: hanging, sendTimeoutMs: 300 })).toEqual({ sent: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    const [row] = await testDb.sql`select status, attempts, next_attempt_at - now() < interval '61 seconds' as soon from email_outbox`;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, soon: true });
  });

  it('puts back, due at once, the rows a run had no time left for', async () => {
    await clearOutbox();
    const slow: MailTransport = { name: 'slow', send: () => new Promise((ok) => setTimeout(() => ok('id'), 250)) };
    await db().begin(async (tx) => {
      for (let i = 0; i < 4; i++) await enqueueEmail(tx, { to: `q${i}@example.com`, subject: `q${i}`, text: 'x' });
    });
    expect(await deliverDue({ via: slow, budgetMs: 400 })).toEqual({ sent: 2, failed: 0 });
    const rows = await testDb.sql<{ status: string; attempts: number; due: boolean }[]>`
      select status, attempts, next_attempt_at <= now() as due from email_outbox order by id`;
    expect(rows.slice(2)).toEqual([
      { status: 'pending', attempts: 0, due: true },
      { status: 'pending', attempts: 0, due: true },
    ]);
    expect(await deliverDue({ via: slow })).toEqual({ sent: 2, failed: 0 });
  });

  it('a row claimed by a run that died is left alone for its lease, then sent once', async () => {
    await clearOutbox();
    const { sent, recorder } = recordingTransport();
    await db().begin((tx) => enqueueEmail(tx, { to: 'lost@example.com', subject: 'Claimed then lost', text: 'x' }));
    // What a run's claim leaves behind when the function is stopped before it sends.
    await testDb.sql`update email_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '120 seconds'`;
    expect(await deliverDue({ via: recorder })).toEqual({ sent: 0, failed: 0 });
    const [lease] = await testDb.sql`select next_attempt_at - now() <= interval '120 seconds' as short from email_outbox`;
    expect(lease!.short).toBe(true);
    await testDb.sql`update email_outbox set next_attempt_at = now()`; // the lease ran out
    expect(await deliverDue({ via: recorder })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDue({ via: recorder })).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual(['Claimed then lost']);
  });

  it('delivers only the rows asked for (the ones a request wrote)', async () => {
    await clearOutbox();
    const { sent, recorder } = recordingTransport();
    const mine = await db().begin((tx) => enqueueEmail(tx, { to: 'me@example.com', subject: 'mine', text: 'x' }));
    await db().begin((tx) => enqueueEmail(tx, { to: 'other@example.com', subject: 'other', text: 'x' }));
    expect(await deliverDue({ via: recorder, ids: [mine!] })).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(['mine']);
    expect(await count(testDb, "email_outbox where status = 'pending'")).toBe(1);
  });

  it('backs off exponentially up to six hours', () => {
    expect([1, 2, 3, 4, 10, 20].map(backoffMinutes)).toEqual([1, 2, 4, 8, 360, 360]);
  });

  it('reports Postmark errors as failures', async () => {
    postmark.failNext = 1;
    await expect(
      postmarkTransport().send(
        { from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' },
        { signal: AbortSignal.timeout(5_000) },
      ),
    ).rejects.toThrow();
  });
});
