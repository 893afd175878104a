import { useEffect, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { openCheckout } from '../../lib/checkout.ts';
import type { CourseOrderAnswer, CoursePaymentAnswer } from '../../shared/order.ts';
import { formatPaise } from '../../shared/money.ts';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { setFlash } from '../../lib/flash.ts';
import { COURSE_ID, handleExpired, idFromPath, requireLogin } from './guard.ts';
import { LABELS } from './labels.ts';

type State = { kind: 'loading' } | { kind: 'ready'; order: CourseOrderAnswer } | { kind: 'error'; message: string };

/**
 * /buy/{id}: opens the order (the server sets the amount), shows it, and runs the checkout.
 * The payment counts only once the server has verified it (POST /order).
 */
export default function BuyCourse() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const courseId = useRef('');

  useEffect(() => {
    if (!requireLogin()) return;
    const id = idFromPath();
    courseId.current = id.toLowerCase();
    if (!COURSE_ID.test(id)) {
      setState({ kind: 'error', message: LABELS.courseNotFound });
      return;
    }
    api<CourseOrderAnswer>(`/course/buy/${id}`, { method: 'POST' })
      .then((order) => setState({ kind: 'ready', order }))
      .catch((error: unknown) => {
        if (handleExpired(error)) return;
        if (error instanceof ApiError && error.status === 400 && error.errors === LABELS.alreadyPurchased) {
          setFlash({ kind: 'error', message: LABELS.alreadyPurchased });
          toast.error(LABELS.alreadyPurchased);
          location.replace('/purchases');
          return;
        }
        setState({ kind: 'error', message: errorText(error, LABELS.buyError) });
      });
  }, []);

  async function pay() {
    if (state.kind !== 'ready' || paying) return;
    const { order } = state;
    setPaying(true);
    setNote(null);
    try {
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
      setNote(null);
      toast.error(errorText(error, LABELS.paymentFailed));
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

  const order = state.kind === 'ready' ? state.order : null;
  return (
    <section className="card buy-card" aria-labelledby="order-details">
      <h2 id="order-details">Order details</h2>
      <dl className="buy-details">
        <div>
          <dt>Course</dt>
          <dd>{order ? order.course.title : LABELS.loading}</dd>
        </div>
        <div className="buy-total">
          <dt>Total price</dt>
          <dd className="price">{order ? formatPaise(order.amount) : LABELS.loading}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn-primary btn-block btn-lg"
        disabled={!order || paying}
        aria-busy={!order || paying || undefined}
        onClick={() => void pay()}
      >
        {!order ? LABELS.loading : paying ? 'Processing...' : 'Pay'}
      </button>
      <p className="buy-note muted" role="status">
        {note ?? 'Secure payment by Razorpay. Cards, UPI and net banking accepted.'}
      </p>
      <Toasts />
    </section>
  );
}
