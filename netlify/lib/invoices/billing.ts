/**
 * A learner's billing details for tax invoices (state, optional GSTIN and business name),
 * asked at checkout and remembered for the next purchase. A course order copies them when it
 * is opened, so the invoice shows what the buyer said at that checkout.
 */
import type { Billing } from '../../../src/shared/checkout.ts';
import type { Session } from '../auth/index.ts';
import { db, type Db } from '../platform/index.ts';

export type BillingDto = { state: string | null; gstin: string | null; businessName: string | null };

export async function billingOf(accountId: string, tx: Db = db()): Promise<BillingDto> {
  const [row] = await tx<{ state_code: string; gstin: string | null; business_name: string | null }[]>`
    select state_code, gstin, business_name from billing_details where account_id = ${accountId}`;
  return { state: row?.state_code ?? null, gstin: row?.gstin ?? null, businessName: row?.business_name ?? null };
}

export async function saveBilling(session: Pick<Session, 'accountId'>, billing: Billing): Promise<BillingDto> {
  await db()`
    insert into billing_details (account_id, state_code, gstin, business_name)
    values (${session.accountId}, ${billing.state}, ${billing.gstin}, ${billing.businessName})
    on conflict (account_id) do update set state_code = excluded.state_code, gstin = excluded.gstin,
      business_name = excluded.business_name, updated_at = now()`;
  return { state: billing.state, gstin: billing.gstin, businessName: billing.businessName };
}

/** The message when a buyer has not told us their state yet (the place of supply on the invoice). */
export const BILLING_STATE_MISSING = 'state: Choose your state for the tax invoice before paying';
