import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { DuesView, PlanDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { dayText } from './format.ts';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import '../admin/pipeline.css';
import './plans.css';
import { DateRangeFields, FilterForm, ListScreen, LoadStatus, ScrollTable, SelectField, useFilterForm } from '../admin/list-screen.tsx';
import { queryOf, useAdminQuery } from '../admin/useAdminQuery.ts';

type Filter = { plan: string; status: string; from: string; to: string };
const NO_FILTER: Filter = { plan: '', status: '', from: '', to: '' };
const STATUSES = [
  { value: 'due', label: 'Due' },
  { value: 'overdue', label: 'Overdue' },
];
const COLUMNS = ['Learner', 'Email', 'Plan', 'Part', 'Amount', 'Due date', 'Days overdue', 'Status'];

/** /admin/dues (every admin): each unpaid part per learner, days overdue, totals, the CSV. */
export default function Dues() {
  const admin = useAdmin({ announce: true });
  const [plans, setPlans] = useState<PlanDto[]>([]);
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
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

  return (
    <ListScreen admin={admin} title="Dues" csv={csvHref}>
      <FilterForm label="Filter dues" form={form}>
        <SelectField
          id="dues-plan"
          label="Plan"
          blank="All plans"
          choices={plans.map((p) => ({ value: p.id, label: p.name }))}
          {...bind('plan')}
        />
        <SelectField id="dues-status" label="Status" blank="All" choices={STATUSES} {...bind('status')} />
        <DateRangeFields idPrefix="dues" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
      </FilterForm>
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
            <ScrollTable label="Unpaid parts (scrolls sideways)" caption="Unpaid parts of fee plans" columns={COLUMNS}>
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
            </ScrollTable>
          )}
        </>
      ) : null}
    </ListScreen>
  );
}
