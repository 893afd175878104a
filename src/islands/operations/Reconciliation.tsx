import { api } from '../../lib/api.ts';
import { dateIst } from '../../shared/dates.ts';
import { formatPaise } from '../../shared/money.ts';
import { MISMATCH_LABELS, reconcileRangeSchema, type ReconciliationDto } from '../../shared/operations.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleSessionEnd } from '../admin/session.ts';

const STATUS = { clean: ['Clean', 'badge-ok'], mismatch: ['Mismatch', 'badge-danger'], failed: ['Failed', 'badge-danger'] } as const;
const money = (paise: number | null) => (paise === null ? '-' : formatPaise(paise));
const todayIst = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
/** An India day ('2026-11-25') as the site writes dates ("25 Nov 2026"). */
const dayLabel = (day: string) => dateIst.format(new Date(`${day}T12:00:00+05:30`));
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The daily reconciliation on the operations screen: the last days (clean or not, with both
 * sides' totals), every difference of a day that does not match, and "Reconcile again" for a range
 * of days (after a fix, or for days the schedule missed).
 */
export function Reconciliation({ days, onDone }: { days: ReconciliationDto[]; onDone: () => void }) {
  const form = useForm(reconcileRangeSchema, { from: todayIst(), to: todayIst() });
  const { bind, errors, generalError, submitting, handleSubmit } = form;
  const submit = handleSubmit(async (range) => {
    try {
      const answer = await api<{ reconciliations: ReconciliationDto[] }>('/admin/operations/reconcile', { body: range });
      const bad = answer.reconciliations.filter((d) => d.status !== 'clean').length;
      toast.success(bad ? `${bad} of ${answer.reconciliations.length} days do not match` : 'Every day matches the gateway');
      onDone();
    } catch (failure) {
      if (!handleSessionEnd(failure)) throw failure;
    }
  }, 'The reconciliation could not run. Please try again.');
  const withDifferences = days.filter((d) => d.status !== 'clean');

  return (
    <section className="ops-section" aria-labelledby="ops-reconcile">
      <h2 id="ops-reconcile">Reconciliation with the payment gateway</h2>
      <p className="muted">Every night: the gateway's captured payments and refunds of the day against our records, amounts included.</p>
      {days.length === 0 ? (
        <p className="muted">No day reconciled yet.</p>
      ) : (
        <div className="ops-scroll" role="region" aria-label="Reconciled days (scrolls sideways)" tabIndex={0}>
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Result</th>
                <th scope="col">Captured (gateway / here)</th>
                <th scope="col">Refunded (gateway / here)</th>
                <th scope="col">Checked</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} data-day={d.day}>
                  <td>{dayLabel(d.day)}</td>
                  <td>
                    <span className={`badge ${STATUS[d.status][1]}`}>{STATUS[d.status][0]}</span>
                    {d.mismatches.length ? ` ${d.mismatches.length}` : ''}
                  </td>
                  <td>
                    {money(d.gatewayCapturedPaise)} / {money(d.recordedCapturedPaise)}
                  </td>
                  <td>
                    {money(d.gatewayRefundedPaise)} / {money(d.recordedRefundedPaise)}
                  </td>
                  <td>
                    {count(d.paymentsChecked, 'payment')}, {count(d.refundsChecked, 'refund')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {withDifferences.map((d) => (
        <div key={d.day} className="ops-mismatches">
          <h3>Differences on {dayLabel(d.day)}</h3>
          {d.failure ? <p className="ops-detail">The gateway could not be asked: {d.failure}</p> : null}
          <ul className="ops-cards">
            {d.mismatches.map((m) => (
              <li key={`${m.kind}:${m.id}`} className="card ops-card ops-card-warn">
                <p className="ops-card-title">
                  <strong>{MISMATCH_LABELS[m.kind]}</strong>
                </p>
                <p className="ops-detail">
                  {m.id}
                  {m.paymentId && m.paymentId !== m.id ? ` (payment ${m.paymentId})` : ''}
                </p>
                <p>
                  Gateway {money(m.gatewayPaise)}
                  {m.gatewayStatus ? ` (${m.gatewayStatus})` : ''}; here {money(m.recordedPaise)}
                  {m.recordedStatus ? ` (${m.recordedStatus})` : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <form onSubmit={submit} noValidate className="card ops-reconcile-form" aria-label="Reconcile again">
        <Field label="From" error={errors.from} required>
          <input type="date" {...bind('from')} />
        </Field>
        <Field label="To" error={errors.to} required>
          <input type="date" {...bind('to')} />
        </Field>
        <SubmitButton submitting={submitting} busyLabel="Reconciling...">
          Reconcile again
        </SubmitButton>
      </form>
      <FormError message={generalError} />
    </section>
  );
}
