import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { DuesView, PlanDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { dayText } from './format.ts';
import { Toasts } from '../ui/Toasts.tsx';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import '../admin/pipeline.css';
import '../admin/plans.css';
import { DateRangeFields, FilterActions, LoadStatus, useFilterForm } from '../admin/parts.tsx';
import { queryOf, useAdminQuery } from '../admin/useAdminQuery.ts';

type Filter = { plan: string; status: string; from: string; to: string };
const NO_FILTER: Filter = { plan: '', status: '', from: '', to: '' };

/** /admin/dues (every admin): each unpaid part per learner, days overdue, totals, the CSV. */
export default function Dues() {
  const admin = useAdmin({ announce: true });
  const [plans, setPlans] = useState<PlanDto[]>([]);
  const { draft, filter, set, apply, clear } = useFilterForm(NO_FILTER);
  const query = queryOf(filter);
  const { data: view, error } = useAdminQuery<DuesView, Filter>(admin, filter, `/admin/dues${query}`, 'Failed to load the dues');

  useEffect(() => {
    if (!admin) return;
    // Every plan learners can enrol in, for the filter (owners manage them at /admin/plans).
    api<{ plans: PlanDto[] }>('/plans')
      .then((answer) => setPlans(answer.plans))
      .catch(() => setPlans([]));
  }, [admin]);

  const csvHref = `/api/v1/admin/dues.csv${query}`;

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Dues</h1>
        <div className="admin-actions">
          <a className="btn btn-primary" href={csvHref} download>
            Export CSV
          </a>
        </div>
      </div>
      <form className="admin-filters card" onSubmit={apply} aria-label="Filter dues" role="search">
        <div className="field">
          <label htmlFor="dues-plan">Plan</label>
          <select id="dues-plan" className="input" value={draft.plan} onChange={set('plan')}>
            <option value="">All plans</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="dues-status">Status</label>
          <select id="dues-status" className="input" value={draft.status} onChange={set('status')}>
            <option value="">All</option>
            <option value="due">Due</option>
            <option value="overdue">Overdue</option>
          </select>
        </div>
        <DateRangeFields idPrefix="dues" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
        <FilterActions onClear={clear} />
      </form>
      <LoadStatus error={error} loaded={!!view} />
      {view ? (
        <>
          <p className="plan-totals" role="status">
            {view.totals.count} unpaid {view.totals.count === 1 ? 'part' : 'parts'}: {formatRupees(view.totals.amount)} · overdue{' '}
            {view.totals.overdueCount}: {formatRupees(view.totals.overdueAmount)}
          </p>
          {view.dues.length === 0 ? (
            <p className="muted">No unpaid parts match this filter.</p>
          ) : (
            <div className="admin-table-wrap" role="region" aria-label="Unpaid parts (scrolls sideways)" tabIndex={0}>
              <table className="admin-table">
                <caption className="sr-only">Unpaid parts of fee plans</caption>
                <thead>
                  <tr>
                    <th scope="col">Learner</th>
                    <th scope="col">Email</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Part</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Due date</th>
                    <th scope="col">Days overdue</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {view.dues.map((d) => (
                    <tr key={d.partId}>
                      <td>{d.learner || '—'}</td>
                      <td>{d.email}</td>
                      <td>{d.plan}</td>
                      <td>{d.part}</td>
                      <td>{formatRupees(d.amount)}</td>
                      <td>{dayText(d.dueOn)}</td>
                      <td>{d.daysOverdue}</td>
                      <td>
                        <span className={`plan-chip plan-chip-${d.status}`}>{d.status === 'overdue' ? 'Overdue' : 'Due'}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </>
  );
}
