/**
 * The Razorpay adapter (live or test mode, from the key prefix) on the official `razorpay` SDK.
 * Signatures are checked with our constant-time HMAC (the SDK's helpers compare with ===).
 */
import type Razorpay from 'razorpay';
import type { CheckoutResult } from '../../../../src/shared/checkout.ts';
import { verifyBodySignature, verifyCheckoutSignature } from '../../platform/index.ts';
import { RefundRefusedError, type GatewayPayment, type GatewayRefund, type PaymentGateway, type Period } from './types.ts';

type RazorpayPaymentEntity = {
  id: string;
  order_id?: string | null;
  status: string;
  amount: number | string;
  currency: string;
  created_at?: number;
};

const STATUSES = new Set<GatewayPayment['status']>(['created', 'authorized', 'captured', 'refunded', 'failed']);

/** Razorpay's payment entity (API answer or webhook payload) in our terms. */
export function fromRazorpayPayment(entity: RazorpayPaymentEntity): GatewayPayment {
  const status = STATUSES.has(entity.status as GatewayPayment['status']) ? (entity.status as GatewayPayment['status']) : 'created';
  return {
    id: String(entity.id),
    orderId: String(entity.order_id ?? ''),
    status,
    amountPaise: Number(entity.amount),
    currency: String(entity.currency),
  };
}

type RazorpayRefundEntity = {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  receipt?: string | null;
  notes?: Record<string, unknown> | unknown[] | null;
  created_at?: number;
};

/** The largest page Razorpay's list APIs give, and a bound on pages per call (10,000 items). */
const PAGE = 100;
const MAX_PAGES = 100;

/** Every item of a Razorpay list API for a period (unix seconds), page by page. */
export async function listAll<T>(
  page: (query: { from: number; to: number; count: number; skip: number }) => Promise<{ items?: T[] }>,
  period: Period,
): Promise<T[]> {
  const from = Math.floor(period.from.getTime() / 1000);
  const to = Math.floor(period.to.getTime() / 1000) - 1; // Razorpay's `to` is inclusive
  const all: T[] = [];
  for (let n = 0; n < MAX_PAGES; n++) {
    const items = (await page({ from, to, count: PAGE, skip: n * PAGE })).items ?? [];
    all.push(...items);
    if (items.length < PAGE) return all;
  }
  throw new Error(`More than ${PAGE * MAX_PAGES} items in one period: reconcile a shorter one`);
}

const createdAt = (seconds: number | undefined) => new Date((seconds ?? 0) * 1000).toISOString();

/** Razorpay's refund entity (API answer or webhook payload) in our terms. */
export function fromRazorpayRefund(entity: RazorpayRefundEntity): GatewayRefund {
  const status = entity.status === 'processed' || entity.status === 'failed' ? entity.status : 'pending';
  return {
    id: String(entity.id),
    paymentId: String(entity.payment_id),
    amountPaise: Number(entity.amount),
    status,
    // Our refund id travels as the receipt and again in the notes (either finds our record).
    receipt: entity.receipt ? String(entity.receipt) : noteRefund(entity.notes),
  };
}

function noteRefund(notes: RazorpayRefundEntity['notes']): string | null {
  const ref = notes && !Array.isArray(notes) ? notes['refund'] : undefined;
  return typeof ref === 'string' ? ref : null;
}

/** The SDK rejects with { statusCode, error: { code, description } }: a 4xx is a refusal. */
function refundError(error: unknown): Error {
  const failure = error as { statusCode?: number; error?: { description?: string } } | undefined;
  const status = Number(failure?.statusCode);
  if (status >= 400 && status < 500)
    return new RefundRefusedError(String(failure?.error?.description ?? 'The payment provider refused the refund').slice(0, 300));
  return error instanceof Error ? error : new Error('Razorpay refund call failed');
}

export function razorpayMode(keyId: string): 'live' | 'test' {
  return keyId.startsWith('rzp_live_') ? 'live' : 'test';
}

export function razorpayGateway({
  keyId,
  keySecret,
  webhookSecret,
}: {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
}): PaymentGateway {
  // The SDK loads on the first call to Razorpay, not with the module: it is the heaviest import
  // of the payment functions, and most requests (signature checks, the sandbox) never need it.
  let loaded: Promise<Razorpay> | undefined;
  const sdk = () => (loaded ??= import('razorpay').then(({ default: Sdk }) => new Sdk({ key_id: keyId, key_secret: keySecret })));
  return {
    mode: razorpayMode(keyId),
    keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await (await sdk()).orders.create({ amount: amountPaise, currency: 'INR', receipt, ...(notes ? { notes } : {}) });
      return { id: order.id, amountPaise: Number(order.amount), currency: 'INR', receipt: order.receipt ?? receipt };
    },
    verifyCheckoutSignature(result: CheckoutResult) {
      return verifyCheckoutSignature(keySecret, result.razorpay_order_id, result.razorpay_payment_id, result.razorpay_signature);
    },
    async fetchPayment(paymentId) {
      return fromRazorpayPayment((await (await sdk()).payments.fetch(paymentId)) as unknown as RazorpayPaymentEntity);
    },
    async fetchOrderPayments(orderId) {
      const answer = (await (await sdk()).orders.fetchPayments(orderId)) as unknown as { items?: RazorpayPaymentEntity[] };
      return (answer.items ?? []).map(fromRazorpayPayment);
    },
    async refundPayment(paymentId, { amountPaise, receipt, notes }) {
      const client = await sdk();
      try {
        const refund = await client.payments.refund(paymentId, {
          amount: amountPaise,
          speed: 'normal',
          receipt: receipt.slice(0, 40),
          ...(notes ? { notes } : {}),
        });
        return fromRazorpayRefund(refund as unknown as RazorpayRefundEntity);
      } catch (error) {
        throw refundError(error);
      }
    },
    async fetchRefund(paymentId, refundId) {
      return fromRazorpayRefund((await (await sdk()).payments.fetchRefund(paymentId, refundId)) as unknown as RazorpayRefundEntity);
    },
    async fetchPaymentRefunds(paymentId) {
      const answer = (await (await sdk()).payments.fetchMultipleRefund(paymentId, { count: 100 })) as unknown as {
        items?: RazorpayRefundEntity[];
      };
      return (answer.items ?? []).map(fromRazorpayRefund);
    },
    async listPayments(period) {
      const client = await sdk();
      const items = await listAll((query) => client.payments.all(query) as unknown as Promise<{ items?: RazorpayPaymentEntity[] }>, period);
      return items.map((p) => ({ ...fromRazorpayPayment(p), createdAt: createdAt(p.created_at) }));
    },
    async listRefunds(period) {
      const client = await sdk();
      const items = await listAll((query) => client.refunds.all(query) as unknown as Promise<{ items?: RazorpayRefundEntity[] }>, period);
      return items.map((r) => ({ ...fromRazorpayRefund(r), createdAt: createdAt(r.created_at) }));
    },
    verifyWebhookSignature(rawBody, signature) {
      // Without the secret nothing can be trusted: every webhook is refused.
      return webhookSecret ? verifyBodySignature(webhookSecret, rawBody, signature) : false;
    },
  };
}
