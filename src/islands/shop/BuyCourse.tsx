import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readTouches } from '../leads/tracking.ts';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { openCheckout } from '../../lib/checkout.ts';
import type { CourseDto } from '../../shared/course.ts';
import type { CodePreviewAnswer } from '../../shared/codes.ts';
import type { CourseOrderAnswer, CoursePaymentAnswer, Purchase } from '../../shared/order.ts';
import { CodeField, CodePrice, codeFromUrl } from '../codes/CodeField.tsx';
import { formatRupees } from '../../shared/money.ts';
import { BillingFields, useBilling } from '../ui/BillingFields.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { setFlash } from '../../lib/flash.ts';
import { COURSE_ID, handleExpired, idFromPath, requireLogin } from '../accounts/guard.ts';
import { LABELS } from './labels.ts';
import supplier from '../../content/settings/supplier.json' with { type: 'json' };

/** What the price shown means for GST (the supplier setting; the server charges accordingly). */
const GST_NOTE = supplier.pricesIncludeGst
  ? `Includes ${supplier.gstRatePercent}% GST. Your GST invoice is emailed and kept in your purchases.`
  : `Plus ${supplier.gstRatePercent}% GST, added at payment. Your GST invoice is emailed and kept in your purchases.`;

type State = { kind: 'loading' } | { kind: 'ready'; course: CourseDto } | { kind: 'error'; message: string };
type SavedBilling = { billing: { state: string | null; gstin: string | null; businessName: string | null } };

function alreadyPurchased(): void {
  setFlash({ kind: 'error', message: LABELS.alreadyPurchased });
  toast.error(LABELS.alreadyPurchased);
  location.replace('/purchases');
}

/**
 * /buy/{id}: the course, its price (the server sets the amount) and the billing details for the
 * GST invoice (remembered from the last purchase). Pay saves them, opens the order and runs the
 * checkout; the payment counts only once the server has verified it (POST /order).
 */
export default function BuyCourse() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const billing = useBilling();
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const courseId = useRef('');
  const [code, setCode] = useState<{ code: string; preview: CodePreviewAnswer } | null>(null);
  const [initialCode] = useState(codeFromUrl);

  useEffect(() => {
    if (!requireLogin()) return;
    const id = idFromPath();
    courseId.current = id.toLowerCase();
    if (!COURSE_ID.test(id)) {
      setState({ kind: 'error', message: LABELS.courseNotFound });
      return;
    }
    Promise.all([
      api<{ course: CourseDto }>(`/course/${id}`),
      api<{ courseData: Purchase[] }>('/user/purchases'),
      api<SavedBilling>('/billing'),
    ])
      .then(([{ course }, { courseData }, saved]) => {
        if (courseData.some((p) => p._id === course._id)) return alreadyPurchased();
        billing.setValues({
          state: saved.billing.state ?? '',
          gstin: saved.billing.gstin ?? '',
          businessName: saved.billing.businessName ?? '',
        });
        setState({ kind: 'ready', course });
      })
      .catch((error: unknown) => {
        if (handleExpired(error)) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({ kind: 'error', message: notFound ? LABELS.courseNotFound : errorText(error, LABELS.buyError) });
      });
  }, []);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'ready' || paying) return;
    const first = billing.check();
    if (first) {
      document.querySelector<HTMLElement>(`.buy-card [name="${first}"]`)?.focus();
      return;
    }
    setPaying(true);
    setNote(null);
    try {
      await api('/billing', { method: 'PUT', body: billing.values });
      const order = await api<CourseOrderAnswer>(`/course/buy/${state.course._id}`, {
        body: { ...readTouches(), ...(code ? { code: code.code } : {}) },
      });
      if (order.paid) {
        // A 100% code: the purchase is complete, no payment needed.
        setFlash({ kind: 'success', message: LABELS.paymentSuccessful });
        location.assign('/purchases');
        return;
      }
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
      if (error instanceof ApiError && error.status === 400 && error.errors === LABELS.alreadyPurchased) return alreadyPurchased();
      setNote(null);
      if (!(error instanceof ApiError && billing.serverErrors(error.fieldErrors()))) toast.error(errorText(error, LABELS.paymentFailed));
    } finally {
      setPaying(false);
    }
  }

  if (state.kind === 'error') {
    return (
      <div className="shop-empty" role="alert">
        <p className="form-error">{state.message}</p>
        <a className="btn btn-secondary" href="/purchases">
          {LABELS.goToPurchases}
        </a>
        <Toasts />
      </div>
    );
  }

  const course = state.kind === 'ready' ? state.course : null;
  return (
    <form className="card buy-card" aria-labelledby="order-details" noValidate onSubmit={(e) => void pay(e)}>
      <h2 id="order-details">Order details</h2>
      <dl className="buy-details">
        <div>
          <dt>Course</dt>
          <dd>{course ? course.title : LABELS.loading}</dd>
        </div>
        {code ? (
          <CodePrice {...code.preview} />
        ) : (
          <div className="buy-total">
            <dt>Total price</dt>
            <dd className="price">{course ? formatRupees(course.price) : LABELS.loading}</dd>
          </div>
        )}
      </dl>
      <p className="buy-note muted">{GST_NOTE}</p>
      {course ? (
        <CodeField<CodePreviewAnswer>
          initial={initialCode}
          disabled={paying}
          check={(text) =>
            api<CodePreviewAnswer>('/codes/preview', { body: { code: text, target: { kind: 'course', courseId: course._id } } })
          }
          describe={(p) => p.description}
          onChange={(applied, preview) => setCode(applied && preview ? { code: applied, preview } : null)}
        />
      ) : null}
      <BillingFields values={billing.values} errors={billing.errors} onChange={billing.change} disabled={!course || paying} />
      <button
        type="submit"
        className="btn btn-primary btn-block btn-lg"
        disabled={!course || paying}
        aria-busy={!course || paying || undefined}
      >
        {!course ? LABELS.loading : paying ? 'Processing...' : code?.preview.totalPaise === 0 ? 'Get it free' : 'Pay'}
      </button>
      <p className="buy-note muted" role="status">
        {note ?? 'Secure payment by Razorpay. Cards, UPI and net banking accepted.'}
      </p>
      <Toasts />
    </form>
  );
}
