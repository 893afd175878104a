import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { readTouches } from '../leads/tracking.ts';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { CourseDto } from '../../shared/course.ts';
import type { CodePreviewAnswer } from '../../shared/codes.ts';
import type { CoursePaymentAnswer, CourseOrderAnswer } from '../../shared/order.ts';
import { CodeField, CodePrice, codeFromUrl } from '../codes/CodeField.tsx';
import { BillingFields, useBilling } from '../ui/BillingFields.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { useEarlyInput } from '../ui/useEarlyInput.ts';
import { setFlash } from '../../lib/flash.ts';
import { handleExpired } from '../accounts/guard.ts';
import { alreadyPurchased, loadBuyData } from './buy-data.ts';
import { batchChoice, batchFull } from './buy-batches.ts';
import type { BatchOption } from './batch-cards.ts';
import { LABELS } from './labels.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; course: CourseDto; batches: BatchOption[] }
  | { kind: 'error' }
  /** A child's account: nothing is payable until a parent confirms (the server's 403 says so). */
  | { kind: 'waiting'; message: string };

/**
 * /buy/{id}, the form: the batch chosen on the page (buy-batches.ts), a discount code, the billing
 * details for the GST invoice (remembered from the last purchase; what the visitor typed first
 * wins) and Pay. The page shows the course and its
 * price itself (buy-summary.ts); this form is its HTML until the visitor acts (client:interaction),
 * and a Pay pressed before it is alive is held until the course is known. Pay saves the details,
 * opens the order and runs the checkout; the payment counts only once the server has verified it
 * (POST /order).
 */
export default function BuyCourse() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const billing = useBilling();
  const { formRef, formProps } = useEarlyInput(
    { state: '', gstin: '', businessName: '' },
    (early) => billing.setValues((b) => ({ ...b, ...early })),
    state.kind === 'ready',
  );
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [code, setCode] = useState<{ code: string; preview: CodePreviewAnswer } | null>(null);
  const [initialCode] = useState(codeFromUrl);

  useEffect(() => {
    void loadBuyData().then((data) => {
      if (data.kind === 'leaving') return;
      if (data.kind === 'error') return setState({ kind: 'error' });
      const saved = data.billing;
      billing.setValues((b) => ({
        state: b.state || (saved.state ?? ''),
        gstin: b.gstin || (saved.gstin ?? ''),
        businessName: b.businessName || (saved.businessName ?? ''),
      }));
      setState({ kind: 'ready', course: data.course, batches: data.batches });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount: the page's own answer seeds billing
  }, []);

  // With a code, the page's summary shows the price, the discount and the total to pay in place of its total.
  const [summary] = useState(() => (typeof document === 'undefined' ? null : document.querySelector('[data-buy="details"]')));
  const pageTotal = useRef<Element | null>(null);
  useEffect(() => {
    pageTotal.current ??= document.querySelector('[data-buy="total"]');
    const total = pageTotal.current;
    if (!total || !summary) return;
    if (code) total.remove();
    else if (!total.isConnected) summary.append(total);
  }, [code, summary]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'ready' || paying) return;
    const batch = batchChoice(state.batches);
    if (!batch) return;
    const first = billing.check();
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setPaying(true);
    setNote(null);
    try {
      await api('/billing', { method: 'PUT', body: billing.values });
      const order = await api<CourseOrderAnswer>(`/course/buy/${state.course._id}`, {
        body: { ...readTouches(), ...batch, ...(code ? { code: code.code } : {}) },
      }).catch((error: unknown) => {
        // The chosen batch filled up meanwhile: told before any payment, with the waiting list.
        if (!(batch.batchId && error instanceof ApiError && error.status === 409)) throw error;
        batchFull(batch.batchId, errorText(error, ''));
        return null;
      });
      if (!order) return;
      if (order.paid) {
        // A 100% code: the purchase is complete, no payment needed.
        setFlash({ kind: 'success', message: LABELS.paymentSuccessful });
        location.assign('/purchases');
        return;
      }
      // The checkout's code (and Razorpay's) is fetched when it opens, not with the page.
      const { openCheckout } = await import('../../lib/checkout.ts');
      const outcome = await openCheckout({
        key: order.key,
        mode: order.mode,
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        name: LABELS.checkoutName,
        description: order.course.title,
        prefill: order.prefill,
        onFailedAttempt: () => toast.error(LABELS.paymentFailed),
      });
      if (!outcome.ok) {
        if (outcome.reason !== 'failed') setNote(outcome.message);
        return;
      }
      setNote('Confirming your payment...');
      const answer = await api<CoursePaymentAnswer>('/order', { body: { courseId: order.course._id, ...outcome.result } });
      setFlash({ kind: 'success', message: answer.status === 'success' ? LABELS.paymentSuccessful : answer.message });
      location.assign('/purchases');
    } catch (error) {
      if (handleExpired(error)) return;
      if (error instanceof ApiError && error.status === 400 && error.errors === LABELS.alreadyPurchased) return void alreadyPurchased();
      if (error instanceof ApiError && error.status === 403)
        return void setState({ kind: 'waiting', message: errorText(error, LABELS.buyError) });
      setNote(null);
      if (!(error instanceof ApiError && billing.serverErrors(error.fieldErrors()))) toast.error(errorText(error, LABELS.paymentFailed));
    } finally {
      setPaying(false);
    }
  }

  // A course that cannot be bought: the page says why (buy-summary.ts) instead of this form.
  if (state.kind === 'error') return null;
  if (state.kind === 'waiting')
    return (
      <div className="buy-waiting" role="alert" tabIndex={-1} ref={(el) => el?.focus()}>
        <p className="form-error">{state.message}</p>
        <p>{LABELS.parentConsentNeeded}</p>
        <a className="btn btn-secondary" href="/purchases">
          {LABELS.goToPurchases}
        </a>
      </div>
    );
  return (
    <form {...formProps} className="buy-form" aria-label="Payment details" noValidate onSubmit={(e) => void pay(e)}>
      <CodeField<CodePreviewAnswer>
        initial={initialCode}
        disabled={paying}
        check={async (text) => {
          // The course may still be on its way (a link with a code starts the form at once).
          const data = await loadBuyData();
          if (data.kind !== 'ready') throw new Error('This course cannot be bought');
          return api<CodePreviewAnswer>('/codes/preview', { body: { code: text, target: { kind: 'course', courseId: data.course._id } } });
        }}
        describe={(p) => p.description}
        onChange={(applied, preview) => setCode(applied && preview ? { code: applied, preview } : null)}
      />
      {code && summary ? createPortal(<CodePrice {...code.preview} />, summary) : null}
      <BillingFields values={billing.values} errors={billing.errors} onChange={billing.change} disabled={paying} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={paying} aria-busy={paying || undefined}>
        {paying ? 'Processing...' : code?.preview.totalPaise === 0 ? 'Get it free' : 'Pay'}
      </button>
      <p className="buy-note muted" role="status">
        {note ?? 'Secure payment by Razorpay. Cards, UPI and net banking accepted.'}
      </p>
      <Toasts />
    </form>
  );
}
