/**
 * Codes in the database: reserving a use while the buyer pays (the code row locked, so the last
 * use cannot go twice), attaching it to the order, using or releasing it.
 *
 * A use counts while it is 'reserved' (until reserved_until) or 'used'. Reservations that ran out
 * unpaid, or whose gateway order failed, are released by the next reservation of the code.
 * "Once per person" is per mailbox (`mailbox_key` in SQL: lower case, no +tag, no dots for Gmail).
 * A gateway order stays payable after its hold is gone: the record step asks `holdForOrder`
 * whether the capture may still count, and the database refuses a use over the limit or a second
 * use by one mailbox of a once-per-person code.
 */
import { normaliseCode, NO_SUCH_CODE } from '../../../src/shared/codes.ts';
import type { CodePricing } from '../../../src/shared/order.ts';
import { db, type Db, type Tx, HttpError } from '../platform/index.ts';
import { priceWith, refusal, type CodeRule, type CodeTarget, type UseCounts } from './rules.ts';

export type { CodeTarget };

export type PricedWithCode = {
  listPaise: number;
  discountPaise: number;
  totalPaise: number;
  /** normalised code text, null without a code */
  code: string | null;
  /** the reserved use, null without a code */
  redemptionId: string | null;
};

/** How long a checkout holds a use of the code before paying. */
export const RESERVATION_MINUTES = 30;

type CodeRow = {
  id: string;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percent_off: number | null;
  amount_off_paise: string | null;
  scope: CodeRule['scope'];
  course_ids: string[];
  fee_options: string[];
  plan_ids: (string | number)[];
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  once_per_person: boolean;
  issued_to_email: string | null;
  active: boolean;
};

export function toRule(row: CodeRow): CodeRule {
  return {
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffPaise: row.amount_off_paise === null ? null : Number(row.amount_off_paise),
    scope: row.scope,
    courseIds: row.course_ids,
    feeOptions: row.fee_options,
    planIds: row.plan_ids.map(String),
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses,
    oncePerPerson: row.once_per_person,
    issuedToEmail: row.issued_to_email,
    active: row.active,
  };
}

const TARGET_COLUMN = { course: 'course', 'registration-fee': 'registration', plan: 'plan' } as const;

function refuse(why: string): never {
  throw new HttpError(400, [`code: ${why}`]);
}

const noCode = (listPaise: number): PricedWithCode => ({
  listPaise,
  discountPaise: 0,
  totalPaise: listPaise,
  code: null,
  redemptionId: null,
});

async function codeRow(sql: Db, code: string, lock: boolean): Promise<CodeRow> {
  const rows = lock
    ? await sql<CodeRow[]>`
        select id::text as id, code, description, kind, percent_off, amount_off_paise, scope, course_ids, fee_options,
             plan_ids::text[] as plan_ids, valid_from, valid_until, max_uses, once_per_person, issued_to_email, active
        from discount_codes where code = ${code} for update`
    : await sql<CodeRow[]>`
        select id::text as id, code, description, kind, percent_off, amount_off_paise, scope, course_ids, fee_options,
             plan_ids::text[] as plan_ids, valid_from, valid_until, max_uses, once_per_person, issued_to_email, active
        from discount_codes where code = ${code}`;
  if (!rows[0]) refuse(NO_SUCH_CODE);
  return rows[0];
}

/** A use that counts: used, or reserved, unexpired and its gateway order not failed. */
const COUNTS = `(r.status = 'used' or (r.status = 'reserved' and r.reserved_until > now()
  and not exists (select 1 from payment_orders o where o.id = r.order_id and o.status = 'failed')))`;

/**
 * Counts uses: reserved (unexpired) and used; the person's own reservations are left out (a new
 * checkout replaces them). The person is their mailbox.
 */
async function useCounts(sql: Db, codeId: string, email: string | null): Promise<UseCounts> {
  const [row] = await sql<{ taken: number; by_person: number }[]>`
    select count(*) filter (where r.status = 'used' or r.mailbox is distinct from mailbox_key(${email}))::int as taken,
           count(*) filter (where r.status = 'used' and r.mailbox = mailbox_key(${email}))::int as by_person
    from discount_redemptions r
    where r.code_id = ${codeId} and ${sql.unsafe(COUNTS)}`;
  return { taken: row!.taken, byPerson: row!.by_person };
}

function parseCode(code: string | null | undefined): string | null {
  const text = normaliseCode(code ?? '');
  return text === '' ? null : text;
}

export async function reserveCode(
  input: { code?: string | null; email: string; target: CodeTarget; listPaise: number },
  tx?: Tx,
): Promise<PricedWithCode> {
  const code = parseCode(input.code);
  if (!code) return noCode(input.listPaise);
  const email = input.email.toLowerCase();
  const work = async (t: Tx): Promise<PricedWithCode> => {
    const row = await codeRow(t, code, true);
    // Give back what ran out unpaid or failed, and this person's (mailbox's) own earlier checkouts.
    await t`update discount_redemptions r set status = 'released'
            where code_id = ${row.id} and status = 'reserved'
              and (reserved_until <= now() or mailbox = mailbox_key(${email})
                   or exists (select 1 from payment_orders o where o.id = r.order_id and o.status = 'failed'))`;
    const uses = await useCounts(t, row.id, email);
    const why = refusal(toRule(row), { email, target: input.target, now: new Date(), uses });
    if (why) refuse(why);
    const price = priceWith(toRule(row), input.listPaise);
    const [saved] = await t<{ id: string }[]>`
      insert into discount_redemptions (code_id, email, target, list_paise, discount_paise, total_paise, reserved_until)
      values (${row.id}, ${email}, ${TARGET_COLUMN[input.target.kind]}, ${price.listPaise}, ${price.discountPaise}, ${price.totalPaise},
              now() + make_interval(mins => ${RESERVATION_MINUTES}))
      returning id::text as id`;
    return { ...price, code: row.code, redemptionId: saved!.id };
  };
  return tx ? work(tx) : db().begin(work);
}

export async function previewCode(input: {
  code: string;
  email: string | null;
  target: CodeTarget;
  listPaise: number;
}): Promise<PricedWithCode & { description: string }> {
  const code = parseCode(input.code);
  if (!code) return { ...noCode(input.listPaise), description: '' };
  const email = input.email?.toLowerCase() ?? null;
  const row = await codeRow(db(), code, false);
  const uses = await useCounts(db(), row.id, email);
  const why = refusal(toRule(row), { email, target: input.target, now: new Date(), uses });
  if (why) refuse(why);
  return { ...priceWith(toRule(row), input.listPaise), code: row.code, redemptionId: null, description: row.description };
}

export async function attachRedemption(tx: Tx, redemptionId: string | null, orderId: string): Promise<void> {
  if (!redemptionId) return;
  await tx`update discount_redemptions set order_id = ${orderId} where id = ${redemptionId}`;
}

export async function releaseRedemption(redemptionId: string | null): Promise<void> {
  if (!redemptionId) return;
  await db()`update discount_redemptions set status = 'released' where id = ${redemptionId} and status = 'reserved'`;
}

/** A failed gateway payment, or a capture that is refunded, gives its order's reserved use back. */
export async function releaseForOrder(orderId: string, tx?: Db): Promise<void> {
  await (tx ?? db())`update discount_redemptions set status = 'released' where order_id = ${orderId} and status = 'reserved'`;
}

export async function useRedemption(tx: Tx, redemptionId: string | null, ref: { planEnrolmentId?: string }): Promise<void> {
  if (!redemptionId) return;
  await tx`update discount_redemptions set status = 'used', used_at = now(),
             plan_enrolment_id = coalesce(${ref.planEnrolmentId ?? null}::bigint, plan_enrolment_id)
           where id = ${redemptionId} and status <> 'used'`;
}

export type OrderDiscount = { code: string; listPaise: number; discountPaise: number };

/** A paid order's use of a code, as the record step finds it: whether it may count, or why not. */
export type OrderCodeUse = (OrderDiscount & { held: true }) | (OrderDiscount & { held: false; why: string });

type OrderUseRow = {
  id: string;
  code_id: string;
  code: string;
  status: 'reserved' | 'used' | 'released';
  mailbox: string;
  list_paise: string;
  discount_paise: string;
  max_uses: number | null;
  once_per_person: boolean;
};

/**
 * The record step's question, asked with the code row locked (until the payment's transaction
 * ends): may this captured order's use of a code count? A gateway order stays payable after its
 * hold was released (the buyer's newer checkout replaced it, a failed attempt) or ran out, so the
 * use is taken again only while the code has room, counting every other use and live hold, and
 * (once per person) the mailbox has no other. Answers null when the order has no code; nothing
 * is written (`useForOrder` or `releaseForOrder` follow).
 */
export async function holdForOrder(tx: Tx, orderId: string): Promise<OrderCodeUse | null> {
  const [use] = await tx<OrderUseRow[]>`
    select r.id::text as id, r.code_id::text as code_id, c.code, r.status, r.mailbox, r.list_paise, r.discount_paise,
           c.max_uses, c.once_per_person
    from discount_redemptions r join discount_codes c on c.id = r.code_id
    where r.order_id = ${orderId} order by r.id desc limit 1`;
  if (!use) return null;
  await tx`select 1 from discount_codes where id = ${use.code_id} for update`;
  const discount = { code: use.code, listPaise: Number(use.list_paise), discountPaise: Number(use.discount_paise) };
  if (use.status === 'used') return { ...discount, held: true };
  const [others] = await tx<{ taken: number; by_person: number }[]>`
    select count(*)::int as taken, count(*) filter (where r.mailbox = ${use.mailbox})::int as by_person
    from discount_redemptions r
    where r.code_id = ${use.code_id} and r.id <> ${use.id} and ${tx.unsafe(COUNTS)}`;
  if (use.once_per_person && others!.by_person > 0) return { ...discount, held: false, why: 'You have already used this code' };
  if (use.max_uses !== null && others!.taken >= use.max_uses) return { ...discount, held: false, why: 'This code has been fully used' };
  return { ...discount, held: true };
}

/**
 * The record step, once `holdForOrder` said the use may count: the paid order's use becomes
 * 'used' (taken again if it had been released). The database refuses it over the limit.
 */
export async function useForOrder(tx: Tx, orderId: string): Promise<void> {
  await tx`update discount_redemptions set status = 'used', used_at = coalesce(used_at, now())
           where order_id = ${orderId} and status <> 'used'`;
}

/** The price block of a checkout's answer when a code was applied. */
export function pricing(price: PricedWithCode): CodePricing | undefined {
  return price.code
    ? { code: price.code, listPaise: price.listPaise, discountPaise: price.discountPaise, totalPaise: price.totalPaise }
    : undefined;
}
