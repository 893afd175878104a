/**
 * The migration that gives the payment ledger what every purpose shares carries over the captures
 * made before it: each purpose's outcome, automatic refund (a claim in flight is given back to the
 * sweep), buyer and item land on payment_orders, so nothing paid or refunded is lost.
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { connect, migrate, startEmbedded, type Database } from '../../../scripts/lib/database.ts';
import { createServerDatabase, supabaseDbPush } from '../support/supabase.ts';

const LEDGER = '20261202003000';
const SERVER = process.env.TEST_DATABASE_URL;
let database: Pick<Database, 'url' | 'stop'>;
let sql: postgres.Sql;

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.stop();
});

const ledger = (id: string) =>
  sql`select capture_outcome, refund_reason, refused_code, duplicate_refund_id, duplicate_refunded_at is not null as refunded,
             buyer_email, buyer_name, greeting_name, item from payment_orders where id = ${id}`.then((rows) => rows[0]);

describe('the ledger migration', () => {
  it("moves each purpose's capture outcome, automatic refund and buyer onto the ledger", async () => {
    database = SERVER ? await createServerDatabase(SERVER) : await startEmbedded();
    await supabaseDbPush(database.url, (f) => f.version < LEDGER);
    sql = connect(database.url);
    const order = (id: string, purpose: string, amount: number) =>
      sql`insert into payment_orders (id, gateway, purpose, amount_paise, receipt, status, payment_id, paid_at)
          values (${id}, 'sandbox', ${purpose}, ${amount}, ${id}, 'paid', ${`pay_${id}`}, now())`;
    const [asha] = await sql`
      insert into accounts (role, email, password_hash, first_name, last_name) values ('user', 'asha@example.com', 'x', 'Asha', 'Rao')
      returning id`;
    await sql`insert into courses (id, title, description, price_paise, duration) values ('6801c2a4f1e2b3c4d5e6fa01', 'Data Analytics', 'd', 100000, '5 months')
              on conflict do nothing`;
    for (const [id, status, refund] of [
      ['o_course_paid', 'paid', null],
      ['o_course_dup', 'duplicate', 'rfnd_course_1'],
      ['o_course_claimed', 'duplicate', 'claim:3'],
    ] as const) {
      await order(id, 'course', 100000);
      await sql`insert into course_orders (account_id, course_id, email, gateway_order_id, amount_paise, status, payment_id, paid_at, refund_id, refunded_at)
                values (${asha!.id}, '6801c2a4f1e2b3c4d5e6fa01', 'asha@example.com', ${id}, 100000, ${status}, ${`pay_${id}`}, now(), ${refund},
                        ${refund?.startsWith('rfnd_') ? new Date() : null})`;
    }
    const [reg] = await sql`
      insert into registrations (email, name, phone, father_name, highschool_percent, motivation, access_token_hash)
      values ('ravi@example.com', 'Ravi Kumar', '9876543210', 'Father', 80, 'Because', 'h') returning id`;
    await order('o_fee', 'registration', 50000);
    await sql`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise, status, payment_id, paid_at,
                                                refund_reason, discount_code, refund_id, refunded_at)
              values (${reg!.id}, 'o_fee', 'online', 'Admit France', 50000, 'duplicate', 'pay_o_fee', now(), 'code-not-held', 'HALF',
                      'rfnd_fee_1', now())`;
    const [plan] = await sql`
      insert into instalment_plans (slug, name, programme, created_by) values ('ledger-plan', 'Admit Plan', 'Admit', 'owner') returning id`;
    const [enrolment] = await sql`
      insert into plan_enrolments (plan_id, account_id, email, list_paise) values (${plan!.id}, ${asha!.id}, 'asha@example.com', 60000)
      returning id`;
    const [part] = await sql`
      insert into enrolment_parts (enrolment_id, position, label, due_on, list_paise, amount_paise) values (${enrolment!.id}, 1, 'Part 1', '2026-12-01', 60000, 60000)
      returning id`;
    await order('o_part', 'instalment', 60000);
    await sql`insert into instalment_payments (order_id, part_id, amount_paise, status, payment_id, paid_at, refund_id)
              values ('o_part', ${part!.id}, 60000, 'duplicate', 'pay_o_part', now(), null)`;

    expect(await migrate(database.url)).toContain(`${LEDGER}_payment_ledger`);

    const asBought = { buyer_email: 'asha@example.com', buyer_name: 'Asha Rao', greeting_name: 'Asha', item: 'Data Analytics' };
    expect(await ledger('o_course_paid')).toEqual({
      capture_outcome: 'granted',
      refund_reason: null,
      refused_code: null,
      duplicate_refund_id: null,
      refunded: false,
      ...asBought,
    });
    expect(await ledger('o_course_dup')).toMatchObject({
      capture_outcome: 'duplicate',
      duplicate_refund_id: 'rfnd_course_1',
      refunded: true,
    });
    // A claim in flight goes back to the sweep, which takes it again (the gateway refuses a second refund of one payment).
    expect(await ledger('o_course_claimed')).toMatchObject({ capture_outcome: 'duplicate', duplicate_refund_id: null, refunded: false });
    expect(await ledger('o_fee')).toEqual({
      capture_outcome: 'duplicate',
      refund_reason: 'code-not-held',
      refused_code: 'HALF',
      duplicate_refund_id: 'rfnd_fee_1',
      refunded: true,
      buyer_email: 'ravi@example.com',
      buyer_name: 'Ravi Kumar',
      greeting_name: 'Ravi Kumar',
      item: 'Admit France',
    });
    expect(await ledger('o_part')).toMatchObject({ capture_outcome: 'duplicate', duplicate_refund_id: null, item: 'Admit Plan: Part 1' });
    const [gone] = await sql`
      select count(*)::int as n from information_schema.columns
      where table_name in ('course_orders', 'registration_payments', 'instalment_payments') and column_name in ('refund_id', 'refunded_at', 'refund_claimed_at')`;
    expect(gone!.n).toBe(0);
  });
});
