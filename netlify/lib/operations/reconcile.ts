/**
 * The daily reconciliation (docs/architecture.md, Operations): for one India day, the gateway's
 * payments and refunds (its list APIs) against our ledger (`recordedBooks`: captures, owners'
 * refunds and the automatic refunds of duplicate captures), both ways, amounts included. Each
 * day's outcome is stored in `reconciliations` (a clean day too); a mismatch is listed on the
 * owners' screen and emailed by the operations check.
 */
import type { Mismatch, ReconcileRange, ReconciliationDto } from '../../../src/shared/operations.ts';
import { gateway, paymentsConfigured, recordedBooks } from '../payments/index.ts';
import { db, log } from '../platform/index.ts';
import { compareDay, type DayResult, type GatewayRefundSide, type GatewaySide } from './reconcile-compare.ts';

const DAY_MS = 86_400_000;
const COLUMNS = `day::text as day, status, gateway_mode, payments_checked, refunds_checked, gateway_captured_paise,
  recorded_captured_paise, gateway_refunded_paise, recorded_refunded_paise, mismatches, failure, ran_at`;

/** An India calendar day ('2026-11-25') as the instants it spans. */
export function istDay(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+05:30`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The India day before the one `now` falls in. */
export function yesterdayIst(now = new Date()): string {
  return new Date(now.getTime() + 5.5 * 3_600_000 - DAY_MS).toISOString().slice(0, 10);
}

type Row = {
  day: string;
  status: ReconciliationDto['status'];
  gateway_mode: string;
  payments_checked: number;
  refunds_checked: number;
  gateway_captured_paise: string;
  recorded_captured_paise: string;
  gateway_refunded_paise: string;
  recorded_refunded_paise: string;
  mismatches: Mismatch[];
  failure: string | null;
  ran_at: Date;
};

function toDto(row: Row): ReconciliationDto {
  return {
    day: row.day,
    status: row.status,
    gatewayMode: row.gateway_mode,
    paymentsChecked: row.payments_checked,
    refundsChecked: row.refunds_checked,
    gatewayCapturedPaise: Number(row.gateway_captured_paise),
    recordedCapturedPaise: Number(row.recorded_captured_paise),
    gatewayRefundedPaise: Number(row.gateway_refunded_paise),
    recordedRefundedPaise: Number(row.recorded_refunded_paise),
    mismatches: row.mismatches,
    failure: row.failure,
    ranAt: new Date(row.ran_at).toISOString(),
  };
}

/** Reconciles one India day and stores the outcome (a failure to ask the gateway is stored too). */
export async function reconcileDay(day: string): Promise<ReconciliationDto> {
  const mode = gateway().mode;
  try {
    return await store(day, mode, compareDay(await gatherBooks(day, mode)));
  } catch (error) {
    log.error('reconciliation failed', { day, error });
    await store(day, mode, null, (error instanceof Error ? error.message : String(error)).slice(0, 500));
    throw error;
  }
}

/** Each day of the range in turn (the command, the owners' "Reconcile again"). */
export async function reconcileRange(range: ReconcileRange): Promise<ReconciliationDto[]> {
  const days: ReconciliationDto[] = [];
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= Date.parse(`${range.to}T00:00:00Z`); at += DAY_MS) {
    days.push(await reconcileDay(new Date(at).toISOString().slice(0, 10)));
  }
  return days;
}

/** The scheduled run: yesterday in India, when this deployment has a gateway to ask. */
export async function reconcileYesterday(now = new Date()): Promise<Record<string, unknown>> {
  if (!paymentsConfigured()) return { skipped: 'no payment gateway on this deployment' };
  const result = await reconcileDay(yesterdayIst(now));
  return { day: result.day, status: result.status, mismatches: result.mismatches.length };
}

export async function recentReconciliations(limit = 7): Promise<ReconciliationDto[]> {
  const rows = await db()<Row[]>`select ${db().unsafe(COLUMNS)} from reconciliations order by day desc limit ${limit}`;
  return rows.map(toDto);
}

async function gatherBooks(day: string, mode: string) {
  const gw = gateway();
  const { from, to } = istDay(day);
  const [payments, refunds] = [await gw.listPayments({ from, to }), await gw.listRefunds({ from, to })];
  const ours = await recordedBooks(mode, { from, to }, { paymentIds: payments.map((p) => p.id), refundIds: refunds.map((r) => r.id) });

  const listedPaymentIds = new Set(payments.map((p) => p.id));
  const fetchedPayments = new Map<string, GatewaySide | null>();
  for (const row of ours.captures.filter((p) => p.inDay && !listedPaymentIds.has(p.paymentId))) {
    fetchedPayments.set(row.paymentId, await gw.fetchPayment(row.paymentId).catch(() => null));
  }
  const listedRefundIds = new Set(refunds.map((r) => r.id));
  const fetchedRefunds = new Map<string, GatewayRefundSide | null>();
  for (const row of ours.refunds.filter((r) => r.inDay && !listedRefundIds.has(r.refundId))) {
    fetchedRefunds.set(row.refundId, await gw.fetchRefund(row.paymentId, row.refundId).catch(() => null));
  }
  return {
    listedPayments: payments,
    recordedPayments: ours.captures,
    fetchedPayments,
    listedRefunds: refunds,
    recordedRefunds: ours.refunds,
    fetchedRefunds,
  };
}

async function store(day: string, mode: string, result: DayResult | null, failure: string | null = null): Promise<ReconciliationDto> {
  const sql = db();
  const status = result ? (result.mismatches.length ? 'mismatch' : 'clean') : 'failed';
  const values = {
    day,
    status,
    gateway_mode: mode,
    payments_checked: result?.paymentsChecked ?? 0,
    refunds_checked: result?.refundsChecked ?? 0,
    gateway_captured_paise: result?.gatewayCapturedPaise ?? 0,
    recorded_captured_paise: result?.recordedCapturedPaise ?? 0,
    gateway_refunded_paise: result?.gatewayRefundedPaise ?? 0,
    recorded_refunded_paise: result?.recordedRefundedPaise ?? 0,
    mismatches: sql.json((result?.mismatches ?? []) as never),
    failure,
    ran_at: new Date(),
  };
  const [row] = await sql<Row[]>`
    insert into reconciliations ${sql(values)}
    on conflict (day) do update set status = excluded.status, gateway_mode = excluded.gateway_mode,
      payments_checked = excluded.payments_checked, refunds_checked = excluded.refunds_checked,
      gateway_captured_paise = excluded.gateway_captured_paise, recorded_captured_paise = excluded.recorded_captured_paise,
      gateway_refunded_paise = excluded.gateway_refunded_paise, recorded_refunded_paise = excluded.recorded_refunded_paise,
      mismatches = excluded.mismatches, failure = excluded.failure, ran_at = excluded.ran_at
    returning ${sql.unsafe(COLUMNS)}`;
  log.info('reconciliation stored', { day, status, mismatches: result?.mismatches.length ?? 0 });
  return toDto(row!);
}
