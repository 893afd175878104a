import { useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { CodePreviewAnswer } from '../../shared/codes.ts';
import type { EnrolmentDto, PlanDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { CodeField, CodePrice } from '../codes/CodeField.tsx';
import { handleExpired } from '../accounts/guard.ts';
import { toast } from '../ui/Toasts.tsx';
import { dueRule } from './format.ts';

type Props = { plan: PlanDto; initialCode: string; onEnrolled: () => void };

/** A plan open for enrolment: its parts and due rules, the total, "Have a code?" and Enrol. */
export function PlanCard({ plan, initialCode, onEnrolled }: Props) {
  const [code, setCode] = useState<{ code: string; preview: CodePreviewAnswer } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `plan-${plan.id}`;

  async function enrol() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ enrolment: EnrolmentDto }>(`/plans/${plan.id}/enrol`, { body: code ? { code: code.code } : {} });
      toast.success(answer.enrolment.status === 'completed' ? 'Enrolled: your plan is fully covered' : 'Enrolled: your schedule is below');
      onEnrolled();
    } catch (e) {
      if (handleExpired(e)) return;
      // Already enrolled (another tab): show the schedule.
      if (e instanceof ApiError && e.status === 409) onEnrolled();
      setError(errorText(e, 'We could not enrol you. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card plan-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{plan.name}</h3>
      {plan.description ? <p className="muted">{plan.description}</p> : null}
      <ul className="plan-parts">
        {plan.parts.map((p) => (
          <li key={p.position}>
            <span>{p.label}</span>
            <span className="muted">{dueRule(p)}</span>
            <strong>{formatRupees(p.amount)}</strong>
          </li>
        ))}
      </ul>
      <dl className="buy-details">
        {code ? (
          <CodePrice {...code.preview} />
        ) : (
          <div className="buy-total">
            <dt>Total</dt>
            <dd className="price">{formatRupees(plan.total)}</dd>
          </div>
        )}
      </dl>
      {plan.registrationFee ? (
        <p className="plan-note">
          First pay the {plan.registrationFee.label} registration fee with the email of this account:{' '}
          <a href="/information">pay the registration fee</a>.
        </p>
      ) : null}
      <CodeField<CodePreviewAnswer>
        initial={initialCode}
        disabled={busy}
        check={(text) => api<CodePreviewAnswer>('/codes/preview', { body: { code: text, target: { kind: 'plan', planId: plan.id } } })}
        describe={(p) => p.description}
        onChange={(applied, preview) => setCode(applied && preview ? { code: applied, preview } : null)}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void enrol()}>
        {busy ? 'Enrolling...' : `Enrol in ${plan.name}`}
      </button>
    </section>
  );
}
