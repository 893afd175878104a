/**
 * The comparison at the heart of the daily reconciliation (pure: no database, no gateway). The
 * gateway is the source of truth for money taken; each side is checked against the other, amounts
 * included. reconcile.ts gathers both sides for one India day.
 */
import type { Mismatch } from '../../../src/shared/operations.ts';

/** A payment as the gateway has it (listed for the day, or fetched one by one). */
export type GatewaySide = { id: string; amountPaise: number; status: string };
/** A payment as our ledger records it. */
export type RecordedPayment = { paymentId: string; amountPaise: number; inDay: boolean };
/** A refund as the gateway has it. */
export type GatewayRefundSide = { id: string; paymentId: string; amountPaise: number; status: 'pending' | 'processed' | 'failed' };
/**
 * A refund as we record it: an owner's refund (pending, processed, failed) or the automatic refund
 * of a second capture ('requested': we keep its id, not its outcome).
 */
export type RecordedRefund = {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed' | 'requested';
  inDay: boolean;
};

export type DayBooks = {
  /** The gateway's payments created in the day. */
  listedPayments: GatewaySide[];
  /** Our payments recorded in the day, and those the gateway listed for it. */
  recordedPayments: RecordedPayment[];
  /** Our day's payments the list did not hold, asked one by one (null: unknown to the gateway). */
  fetchedPayments: Map<string, GatewaySide | null>;
  listedRefunds: GatewayRefundSide[];
  recordedRefunds: RecordedRefund[];
  fetchedRefunds: Map<string, GatewayRefundSide | null>;
};

export type DayResult = {
  mismatches: Mismatch[];
  paymentsChecked: number;
  refundsChecked: number;
  gatewayCapturedPaise: number;
  recordedCapturedPaise: number;
  gatewayRefundedPaise: number;
  recordedRefundedPaise: number;
};

/** Money the gateway took: captured, or captured and refunded since. */
const TAKEN = new Set(['captured', 'refunded']);

const mismatch = (m: Partial<Mismatch> & Pick<Mismatch, 'kind' | 'id'>): Mismatch => ({
  paymentId: null,
  gatewayPaise: null,
  recordedPaise: null,
  gatewayStatus: null,
  recordedStatus: null,
  ...m,
});

export function compareDay(books: DayBooks): DayResult {
  const mismatches: Mismatch[] = [];

  // Payments: the gateway's captures of the day must be in our ledger, at the same amount ...
  const recorded = new Map(books.recordedPayments.map((p) => [p.paymentId, p]));
  const listed = new Map(books.listedPayments.map((p) => [p.id, p]));
  const taken = books.listedPayments.filter((p) => TAKEN.has(p.status));
  for (const payment of taken) {
    const ours = recorded.get(payment.id);
    if (!ours)
      mismatches.push(
        mismatch({ kind: 'payment-missing-here', id: payment.id, gatewayPaise: payment.amountPaise, gatewayStatus: payment.status }),
      );
    else if (ours.amountPaise !== payment.amountPaise)
      mismatches.push(
        mismatch({ kind: 'payment-amount', id: payment.id, gatewayPaise: payment.amountPaise, recordedPaise: ours.amountPaise }),
      );
  }
  // ... and each payment we recorded that day must be captured there.
  const ourDay = books.recordedPayments.filter((p) => p.inDay);
  for (const ours of ourDay) {
    const theirs = listed.get(ours.paymentId) ?? books.fetchedPayments.get(ours.paymentId) ?? null;
    if (!theirs || !TAKEN.has(theirs.status)) {
      mismatches.push(
        mismatch({
          kind: 'payment-missing-at-gateway',
          id: ours.paymentId,
          recordedPaise: ours.amountPaise,
          gatewayStatus: theirs?.status ?? null,
        }),
      );
    } else if (!listed.has(ours.paymentId) && theirs.amountPaise !== ours.amountPaise) {
      mismatches.push(
        mismatch({ kind: 'payment-amount', id: ours.paymentId, gatewayPaise: theirs.amountPaise, recordedPaise: ours.amountPaise }),
      );
    }
  }

  // Refunds, both ways likewise, with their outcome.
  const ourRefunds = new Map(books.recordedRefunds.map((r) => [r.refundId, r]));
  const listedRefunds = new Map(books.listedRefunds.map((r) => [r.id, r]));
  for (const refund of books.listedRefunds) {
    const ours = ourRefunds.get(refund.id);
    const base = { id: refund.id, paymentId: refund.paymentId, gatewayPaise: refund.amountPaise, gatewayStatus: refund.status };
    if (!ours) {
      if (refund.status !== 'failed') mismatches.push(mismatch({ kind: 'refund-missing-here', ...base }));
      continue;
    }
    const compared = { ...base, recordedPaise: ours.amountPaise, recordedStatus: ours.status };
    if (ours.amountPaise !== refund.amountPaise) mismatches.push(mismatch({ kind: 'refund-amount', ...compared }));
    else if (statusDiffers(ours.status, refund.status)) mismatches.push(mismatch({ kind: 'refund-status', ...compared }));
  }
  for (const ours of books.recordedRefunds.filter((r) => r.inDay && !listedRefunds.has(r.refundId))) {
    const theirs = books.fetchedRefunds.get(ours.refundId) ?? null;
    const base = { id: ours.refundId, paymentId: ours.paymentId, recordedPaise: ours.amountPaise, recordedStatus: ours.status };
    if (!theirs) mismatches.push(mismatch({ kind: 'refund-missing-at-gateway', ...base }));
    else if (theirs.amountPaise !== ours.amountPaise)
      mismatches.push(mismatch({ kind: 'refund-amount', ...base, gatewayPaise: theirs.amountPaise, gatewayStatus: theirs.status }));
    else if (statusDiffers(ours.status, theirs.status))
      mismatches.push(mismatch({ kind: 'refund-status', ...base, gatewayPaise: theirs.amountPaise, gatewayStatus: theirs.status }));
  }

  const sum = (items: { amountPaise: number }[]) => items.reduce((total, item) => total + item.amountPaise, 0);
  return {
    mismatches,
    paymentsChecked: new Set([...taken.map((p) => p.id), ...ourDay.map((p) => p.paymentId)]).size,
    refundsChecked: new Set([
      ...books.listedRefunds.map((r) => r.id),
      ...books.recordedRefunds.filter((r) => r.inDay).map((r) => r.refundId),
    ]).size,
    gatewayCapturedPaise: sum(taken),
    recordedCapturedPaise: sum(ourDay),
    gatewayRefundedPaise: sum(books.listedRefunds.filter((r) => r.status !== 'failed')),
    recordedRefundedPaise: sum(books.recordedRefunds.filter((r) => r.inDay && r.status !== 'failed')),
  };
}

/**
 * A day later both sides should agree: processed there and not here (or the reverse), settled here
 * while still pending there, or money we count as refunded that the gateway failed to return.
 * Pending on both sides is still in flight.
 */
function statusDiffers(ours: RecordedRefund['status'], theirs: GatewayRefundSide['status']): boolean {
  if (ours === 'requested') return theirs === 'failed';
  if (theirs === 'pending') return ours !== 'pending';
  return ours !== theirs;
}
