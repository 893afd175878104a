/**
 * Enrolling in a fee plan: the plan must be open, its registration fee paid first (by the
 * learner's confirmed email), one enrolment per learner and plan. The parts are copied with
 * their due dates (IST days from today) and charged amounts; a plan code is reserved and used in
 * the same transaction and spread over the parts. Parts a code makes free are completed at once
 * (a zero-value invoice each).
 */
import { addDays, istDay, spreadDiscount, type EnrolmentDto } from '../../../src/shared/instalments.ts';
import { programmeLabel, type FeeOptionId } from '../../../src/shared/registration-fees.ts';
import type { Session } from '../auth/index.ts';
import { reserveCode, useRedemption } from '../codes/index.ts';
import { db, isUniqueViolation, type Tx, HttpError, log, rateLimit } from '../platform/index.ts';
import { billingOf, supplier, amountToCharge } from '../invoices/index.ts';
import { completeFreeOrder } from '../payments/index.ts';
import { loadPlan } from './plans.ts';
import { enrolmentsOf } from './schedule.ts';

export const ALREADY_ENROLLED = 'You are already enrolled in this plan';

export type EnrolAnswer = { status: 201; enrolment: EnrolmentDto } | { status: 409; enrolment: EnrolmentDto };

/** The registration fee of this option paid by this (confirmed) email. */
async function feePaid(email: string, option: string): Promise<boolean> {
  const [row] = await db()`
    select 1 from registration_payments p join registrations r on r.id = p.registration_id
    where r.email = ${email.toLowerCase()} and p.fee_option = ${option} and p.status = 'paid' limit 1`;
  return !!row;
}

async function existing(accountId: string, planId: string): Promise<EnrolmentDto | undefined> {
  const [row] = await db()<{ id: string }[]>`
    select id::text as id from plan_enrolments where account_id = ${accountId} and plan_id = ${planId}`;
  return row ? (await enrolmentsOf(accountId, row.id))[0] : undefined;
}

/** How a plan code's discount is spread: percent per part, or a fixed amount from the last part back. */
async function codeShape(tx: Tx, code: string | null, discountPaise: number) {
  if (!code || discountPaise <= 0) return null;
  const [row] = await tx<{ kind: 'percent' | 'fixed'; percent_off: number | null }[]>`
    select kind, percent_off from discount_codes where code = ${code}`;
  return row?.kind === 'percent' && row.percent_off ? { percentOff: row.percent_off } : { amountOffPaise: discountPaise };
}

export async function enrol(session: Session, planId: string, input: { code?: string | undefined }): Promise<EnrolAnswer> {
  await rateLimit({ bucket: 'plan-enrol', key: session.accountId, limit: 30, windowSeconds: 3600 });
  const loaded = await loadPlan(db(), planId);
  if (!loaded) throw new HttpError(404, 'No such plan');
  const { plan, parts } = loaded;
  if (!plan.active) throw new HttpError(400, 'This plan is not open for enrolment');
  const before = await existing(session.accountId, plan.id);
  if (before) return { status: 409, enrolment: before };
  const fee = plan.registration_fee_option;
  if (fee && !(await feePaid(session.email, fee)))
    throw new HttpError(400, [
      `First pay the ${programmeLabel(fee as FeeOptionId)} registration fee at /information with ${session.email}, then enrol in this plan.`,
    ]);

  const charged = parts.map((p) => amountToCharge(Number(p.amount_paise), supplier()));
  const listPaise = charged.reduce((s, p) => s + p, 0);
  const today = istDay(new Date());
  let enrolmentId: string;
  try {
    enrolmentId = await db().begin(async (tx) => {
      // A plan switched off meanwhile takes no one.
      const [open] = await tx`select 1 from instalment_plans where id = ${plan.id} and active for share`;
      if (!open) throw new HttpError(400, 'This plan is not open for enrolment');
      const priced = await reserveCode(
        { code: input.code, email: session.email, target: { kind: 'plan', planId: plan.id }, listPaise },
        tx,
      );
      const discounts = spreadDiscount(charged, await codeShape(tx, priced.code, priced.discountPaise)).map((d, i) => {
        // The gateway's minimum is ₹1: a part left at 1-99 paise is free.
        const left = charged[i]! - d;
        return left > 0 && left < 100 ? charged[i]! : d;
      });
      const discountPaise = discounts.reduce((s, d) => s + d, 0);
      const [row] = await tx<{ id: string }[]>`
        insert into plan_enrolments (plan_id, account_id, email, discount_code, list_paise, discount_paise)
        values (${plan.id}, ${session.accountId}, ${session.email}, ${priced.code}, ${listPaise}, ${discountPaise})
        returning id::text as id`;
      for (const [i, part] of parts.entries()) {
        const dueOn = part.due_on ?? addDays(today, part.due_after_days ?? 0);
        await tx`insert into enrolment_parts (enrolment_id, position, label, due_on, list_paise, discount_paise, amount_paise)
                 values (${row!.id}, ${part.position}, ${part.label}, ${dueOn}, ${charged[i]!}, ${discounts[i]!}, ${charged[i]! - discounts[i]!})`;
      }
      await useRedemption(tx, priced.redemptionId, { planEnrolmentId: row!.id });
      return row!.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await existing(session.accountId, plan.id);
    if (raced) return { status: 409, enrolment: raced };
    throw error;
  }
  const free = await db()<{ id: string }[]>`
    select id::text as id from enrolment_parts where enrolment_id = ${enrolmentId} and amount_paise = 0 and status = 'due' order by position`;
  for (const part of free) {
    try {
      await payFreePart(session.accountId, part.id);
    } catch (error) {
      // The part stays due at ₹0: "Pay now" completes it later.
      log.error('free instalment part could not be completed', { partId: part.id, error });
    }
  }
  const [enrolment] = await enrolmentsOf(session.accountId, enrolmentId);
  return { status: 201, enrolment: enrolment! };
}

/** Completes a part a code made free: a 'free' order, its zero-value invoice and receipt. */
export async function payFreePart(accountId: string, partId: string): Promise<{ orderId: string; paymentId: string }> {
  const billing = await billingOf(accountId);
  return completeFreeOrder({ purpose: 'instalment', receipt: `plan_part_${partId}`, notes: { part: partId } }, async (tx, order) => {
    await tx`insert into instalment_payments (order_id, part_id, amount_paise, buyer_state_code, buyer_gstin, buyer_business_name)
             values (${order.id}, ${partId}, 0, ${billing.state}, ${billing.gstin}, ${billing.businessName})`;
  });
}
