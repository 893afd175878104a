/**
 * The rules of a code, without the database: what a code takes off a price, and why a code is
 * refused for a buyer and a target. store.ts applies them with the code row locked.
 */
import { NO_SUCH_CODE } from '../../../src/shared/codes.ts';
import { dateIst } from '../../../src/shared/dates.ts';

export type CodeTarget =
  { kind: 'course'; courseId: string } | { kind: 'registration-fee'; feeOption: string } | { kind: 'plan'; planId: string };

export type CodeRule = {
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffPaise: number | null;
  scope: 'all-courses' | 'courses' | 'registration-fees' | 'plans';
  courseIds: string[];
  feeOptions: string[];
  planIds: string[];
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  oncePerPerson: boolean;
  issuedToEmail: string | null;
  active: boolean;
};

/** How many uses a code has now (used + reserved and unexpired), and how many of them are this person's. */
export type UseCounts = { taken: number; byPerson: number };

/** The gateway's minimum is ₹1: a discounted amount of 1-99 paise is charged as 0 (free). */
export const GATEWAY_MINIMUM_PAISE = 100;

export function priceWith(rule: Pick<CodeRule, 'kind' | 'percentOff' | 'amountOffPaise'>, listPaise: number) {
  if (!Number.isSafeInteger(listPaise) || listPaise < 0) throw new Error('amounts are integer paise');
  let discountPaise =
    rule.kind === 'percent' ? Math.round((listPaise * (rule.percentOff ?? 0)) / 100) : Math.min(rule.amountOffPaise ?? 0, listPaise);
  discountPaise = Math.min(Math.max(discountPaise, 0), listPaise);
  let totalPaise = listPaise - discountPaise;
  if (totalPaise > 0 && totalPaise < GATEWAY_MINIMUM_PAISE) {
    discountPaise = listPaise;
    totalPaise = 0;
  }
  return { listPaise, discountPaise, totalPaise };
}

const TARGET_WORDS = { course: 'course', 'registration-fee': 'fee', plan: 'plan' } as const;

export function inScope(rule: Pick<CodeRule, 'scope' | 'courseIds' | 'feeOptions' | 'planIds'>, target: CodeTarget): boolean {
  switch (target.kind) {
    case 'course':
      return (
        rule.scope === 'all-courses' ||
        (rule.scope === 'courses' && (rule.courseIds.length === 0 || rule.courseIds.includes(target.courseId)))
      );
    case 'registration-fee':
      return rule.scope === 'registration-fees' && (rule.feeOptions.length === 0 || rule.feeOptions.includes(target.feeOption));
    case 'plan':
      return rule.scope === 'plans' && (rule.planIds.length === 0 || rule.planIds.includes(target.planId));
  }
}

/**
 * Why this code cannot be used, or null when it can. `email` null (a preview without a known
 * buyer) skips the per-person rules; the checkout checks them again with the buyer's email.
 */
export function refusal(rule: CodeRule, input: { email: string | null; target: CodeTarget; now: Date; uses: UseCounts }): string | null {
  if (!rule.active) return 'This code is no longer active';
  if (rule.validFrom && input.now < rule.validFrom) return `This code starts on ${dateIst.format(rule.validFrom)}`;
  if (rule.validUntil && input.now >= rule.validUntil) return 'This code has expired';
  if (!inScope(rule, input.target)) return `This code is not valid for this ${TARGET_WORDS[input.target.kind]}`;
  if (input.email !== null && rule.issuedToEmail && rule.issuedToEmail !== input.email.toLowerCase())
    return 'This code was issued to another person';
  if (input.email !== null && rule.oncePerPerson && input.uses.byPerson > 0) return 'You have already used this code';
  if (rule.maxUses !== null && input.uses.taken >= rule.maxUses) return 'This code has been fully used';
  return null;
}

export { NO_SUCH_CODE };
