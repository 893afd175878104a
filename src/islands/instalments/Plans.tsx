import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { PlanDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { dueRule } from './format.ts';
import { toast } from '../ui/Toasts.tsx';
import { PlanForm } from './PlansForm.tsx';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import './plans.css';
import { ListScreen, LoadStatus } from '../admin/list-screen.tsx';

/** /admin/plans (owners): every fee plan with its parts and enrolments; switch one on or off; create one. */
export default function Plans() {
  const admin = useAdmin({ announce: true });
  const [plans, setPlans] = useState<PlanDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!admin) return;
    api<{ plans: PlanDto[] }>('/admin/plans')
      .then((answer) => setPlans(answer.plans))
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setError(errorText(failure, 'Failed to load the plans'));
      });
  }, [admin]);

  async function toggle(plan: PlanDto) {
    setBusy(plan.id);
    try {
      const answer = await api<{ plan: PlanDto }>(`/admin/plans/${plan.id}`, { method: 'PATCH', body: { active: !plan.active } });
      setPlans((list) => list?.map((p) => (p.id === plan.id ? answer.plan : p)) ?? null);
      toast.success(answer.plan.active ? `${plan.name} is open for enrolment` : `${plan.name} is closed for enrolment`);
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The plan could not be changed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ListScreen admin={admin} title="Fee plans" link={{ href: '/admin/dues', label: 'See dues', secondary: true }}>
      <LoadStatus error={error} loaded={!!plans} />
      {plans ? (
        <ul className="plan-admin-list" aria-label="Fee plans">
          {plans.map((plan) => (
            <li key={plan.id} className="card plan-admin-card">
              <h2>
                {plan.name}{' '}
                <span className={`plan-chip plan-chip-${plan.active ? 'active' : 'inactive'}`}>{plan.active ? 'Open' : 'Closed'}</span>
              </h2>
              <p className="muted">
                {plan.programme} · {plan.slug} · {plan.enrolled} enrolled · total {formatRupees(plan.total)}
                {plan.registrationFee ? ` · after the ${plan.registrationFee.label} registration fee` : ''}
              </p>
              <ul>
                {plan.parts.map((p) => (
                  <li key={p.position}>
                    {p.label}: {formatRupees(p.amount)}, {dueRule(p)}
                  </li>
                ))}
              </ul>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy === plan.id}
                  onClick={() => void toggle(plan)}
                  aria-label={`${plan.active ? 'Close for enrolment' : 'Open for enrolment'}: ${plan.name}`}
                >
                  {plan.active ? 'Close for enrolment' : 'Open for enrolment'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Below the list, so it comes with the list: shown earlier, the arriving plans would push it down under the owner's hands. */}
      {plans || error ? <PlanForm onCreated={(plan) => setPlans((list) => [...(list ?? []), plan])} /> : null}
    </ListScreen>
  );
}
