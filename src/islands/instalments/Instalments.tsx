import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { EnrolmentDto, EnrolmentPartDto, PlanDto } from '../../shared/instalments.ts';
import { codeFromUrl } from '../codes/CodeField.tsx';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { BillingFields, useBilling } from '../ui/BillingFields.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { ReadyMark } from '../ui/useHydrated.ts';
import { PlanCard } from './PlanCard.tsx';
import { Schedule } from './Schedule.tsx';
import './instalments.css';

type State = { kind: 'loading' } | { kind: 'ready'; plans: PlanDto[]; enrolments: EnrolmentDto[] } | { kind: 'error'; message: string };
type SavedBilling = { billing: { state: string | null; gstin: string | null; businessName: string | null } };
type PartOrder =
  | { free: true }
  | {
      free?: undefined;
      key: string;
      mode: 'live' | 'test' | 'sandbox';
      orderId: string;
      amount: number;
      currency: 'INR';
      part: { label: string; plan: string };
      prefill: { name: string; email: string };
    };
type PartPayment = { status: 'success' | 'pending'; message: string };

/**
 * /instalments: the learner's fee plans (each part's due date, amount, status; Pay now for any
 * unpaid part, early allowed; the invoice of each paid part) and the plans open for enrolment.
 * Every amount comes from the server; the billing details go with each part's tax invoice.
 */
export default function Instalments() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [initialCode] = useState(codeFromUrl);
  const billing = useBilling();

  const load = useCallback(async () => {
    try {
      const [{ plans }, { enrolments }, saved] = await Promise.all([
        api<{ plans: PlanDto[] }>('/plans'),
        api<{ enrolments: EnrolmentDto[] }>('/plans/mine'),
        api<SavedBilling>('/billing'),
      ]);
      billing.setValues((b) =>
        b.state
          ? b
          : { state: saved.billing.state ?? '', gstin: saved.billing.gstin ?? '', businessName: saved.billing.businessName ?? '' },
      );
      setState({ kind: 'ready', plans, enrolments });
    } catch (error) {
      if (handleExpired(error)) return;
      setState({ kind: 'error', message: errorText(error, 'We could not load your fee plans. Please reload the page.') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one loader for the screen's life; billing is only seeded from it
  }, []);

  useEffect(() => {
    if (!requireLogin()) return;
    void load();
  }, [load]);

  async function pay(part: EnrolmentPartDto) {
    if (paying) return;
    const first = billing.check();
    if (first) {
      document.querySelector<HTMLElement>(`.plan-billing [name="${first}"]`)?.focus();
      return;
    }
    setPaying(part.id);
    setNote(null);
    try {
      await api('/billing', { method: 'PUT', body: billing.values });
      const order = await api<PartOrder>(`/plans/parts/${part.id}/order`, { method: 'POST' });
      if (!order.free) {
        // The checkout's code (and Razorpay's) is fetched when it opens, not with the page.
        const { openCheckout } = await import('../../lib/checkout.ts');
        const outcome = await openCheckout({
          key: order.key,
          mode: order.mode,
          orderId: order.orderId,
          amount: order.amount,
          currency: order.currency,
          name: 'Aspira fee plan',
          description: `${order.part.plan}: ${order.part.label}`,
          prefill: order.prefill,
          onFailedAttempt: () => toast.error('Payment failed'),
        });
        if (!outcome.ok) {
          if (outcome.reason !== 'failed') setNote(outcome.message);
          return;
        }
        setNote('Confirming your payment...');
        const answer = await api<PartPayment>(`/plans/parts/${part.id}/pay`, { body: outcome.result });
        setNote(answer.status === 'success' ? null : answer.message);
        if (answer.status === 'success') toast.success(`${part.label} paid. Your receipt and invoice are on their way.`);
      } else toast.success(`${part.label} is covered by your code.`);
      await load();
    } catch (error) {
      if (handleExpired(error)) return;
      setNote(null);
      if (!(error instanceof ApiError && billing.serverErrors(error.fieldErrors()))) toast.error(errorText(error, 'Payment failed'));
      await load();
    } finally {
      setPaying(null);
    }
  }

  if (state.kind === 'loading')
    return (
      <p className="shop-state" role="status">
        Loading...
      </p>
    );
  if (state.kind === 'error')
    return (
      <p className="form-error" role="alert">
        {state.message}
      </p>
    );

  const enrolledIn = new Set(state.enrolments.map((e) => e.plan.id));
  const open = state.plans.filter((p) => !enrolledIn.has(p.id));
  const unpaid = state.enrolments.some((e) => e.status === 'active');
  return (
    <>
      <Toasts />
      <ReadyMark />
      <section className="plan-section" aria-labelledby="your-plans">
        <h2 id="your-plans">Your fee plans</h2>
        {state.enrolments.length === 0 ? (
          <p className="muted">You are not enrolled in a fee plan yet. Choose one below.</p>
        ) : (
          <>
            {state.enrolments.map((e) => (
              <Schedule key={e.id} enrolment={e} paying={paying} onPay={(part) => void pay(part)} />
            ))}
            {unpaid ? (
              <div className="card plan-billing">
                <BillingFields values={billing.values} errors={billing.errors} onChange={billing.change} disabled={paying !== null} />
                <p className="muted" role="status">
                  {note ?? 'Secure payment by Razorpay. Cards, UPI and net banking accepted. You may pay any part early.'}
                </p>
              </div>
            ) : null}
          </>
        )}
      </section>
      {open.length > 0 ? (
        <section className="plan-section" aria-labelledby="open-plans">
          <h2 id="open-plans">Plans you can join</h2>
          {open.map((plan) => (
            <PlanCard key={plan.id} plan={plan} initialCode={initialCode} onEnrolled={() => void load()} />
          ))}
        </section>
      ) : null}
    </>
  );
}
