import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { DueDto, DuesView, PlanDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { dayText } from './format.ts';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import '../admin/pipeline.css';
import './plans.css';
import {
  DateRangeFields,
  FilterForm,
  ListScreen,
  LoadStatus,
  ScrollTable,
  SelectField,
  useFilterForm,
  type Column,
} from '../admin/list-screen.tsx';
import { PageFooter, sortFields, usePages, useSort } from '../admin/list-pages.tsx';
import { queryOf } from '../admin/useAdminQuery.ts';

type Filter = { plan: string; status: string; from: string; to: string };
const NO_FILTER: Filter = { plan: '', status: '', from: '', to: '' };
const STATUSES = [
  { value: 'due', label: 'Due' },
  { value: 'overdue', label: 'Overdue' },
];
const COLUMNS: Column[] = [
  'Learner',
  'Email',
  'Plan',
  'Part',
  { label: 'Amount', sort: 'amount' },
  { label: 'Due date', sort: 'due' },
  'Days overdue',
  'Status',
];

const ORDER_WORDS = {
  due: { asc: 'soonest due first', desc: 'latest due first' },
  amount: { asc: 'smallest first', desc: 'largest first' },
} as const;

/** /admin/dues (every admin): each unpaid part per learner, days overdue, totals, a page at a time by due date or amount, the CSV. */
export default function Dues() {
  const admin = useAdmin({ announce: true });
  const [plans, setPlans] = useState<PlanDto[]>([]);
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
  const query = queryOf(filter);
  const sorting = useSort('dues');
  const list = usePages<DueDto, DuesView>(admin, filter, `/admin/dues${query}`, sorting, 'Failed to load the dues');
  const { answer: view, rows, error } = list;

  useEffect(() => {
    if (!admin) return;
    // Every plan learners can enrol in, for the filter (owners manage them at /admin/plans).
    api<{ plans: PlanDto[] }>('/plans')
      .then((answer) => setPlans(answer.plans))
      .catch(() => setPlans([]));
  }, [admin]);

  const csvHref = `/api/v1/admin/dues.csv${queryOf({ ...filter, ...sortFields('dues', sorting) })}`;

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
      <LoadStatus error={error} loaded={!!rows} />
      {view && rows ? (
        <>
          <p className="plan-totals" role="status">
            {view.totals.count} unpaid {view.totals.count === 1 ? 'part' : 'parts'}: {formatRupees(view.totals.amount)} · overdue{' '}
            {view.totals.overdueCount}: {formatRupees(view.totals.overdueAmount)}
          </p>
          {rows.length === 0 ? (
            <p className="muted">No unpaid parts match this filter.</p>
          ) : (
            <ScrollTable label="Unpaid parts (scrolls sideways)" caption="Unpaid parts of fee plans" columns={COLUMNS} sorting={sorting}>
              {rows.map((d) => (
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
          {rows.length > 0 ? (
            <PageFooter
              shown={rows.length}
              total={view.total}
              noun={['part', 'parts']}
              order={ORDER_WORDS[sorting.sort][sorting.dir]}
              more={list.next !== null}
              loading={list.loading}
              onMore={list.loadMore}
            />
          ) : null}
        </>
      ) : null}
    </ListScreen>
  );
}
