import type { AdminOption, AuditEntry } from '../../shared/pipeline.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { useAdmin } from './session.ts';
import './admin.css';
import './pipeline.css';
import { DateRangeFields, FilterForm, ListScreen, LoadStatus, ScrollTable, SelectField, useFilterForm } from './list-screen.tsx';
import { PageFooter, usePages, useSort } from './list-pages.tsx';
import { queryOf } from './useAdminQuery.ts';
import type { Page } from '../../shared/paging.ts';

type Filter = { actor: string; action: string; from: string; to: string };
const NO_FILTER: Filter = { actor: '', action: '', from: '', to: '' };
type AuditAnswer = Page<AuditEntry> & { actors: AdminOption[]; actions: string[] };

function details(value: Record<string, unknown>): string {
  return Object.entries(value)
    .map(([key, v]) => {
      if (v && typeof v === 'object' && 'from' in v && 'to' in v) {
        const change = v as { from: unknown; to: unknown };
        return `${key}: ${String(change.from ?? '-')} → ${String(change.to ?? '-')}`;
      }
      return `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v ?? '-')}`;
    })
    .join('; ');
}

/** /admin/audit (owners): every admin action on leads, payments and the team, newest first (or oldest), a page at a time. */
export default function AuditLog() {
  const admin = useAdmin({ announce: true });
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
  const sorting = useSort('audit');
  const answer = usePages<AuditEntry, AuditAnswer>(
    admin,
    filter,
    `/admin/audit${queryOf(filter)}`,
    sorting,
    'Failed to load the audit log',
  );
  const { rows, error } = answer;
  // The pickers keep their options while a new filter loads.
  const pickers = answer.latest;

  return (
    <ListScreen admin={admin} title="Audit log">
      <FilterForm label="Filter the audit log" form={form}>
        <SelectField
          id="audit-actor"
          label="Admin"
          blank="Every admin"
          choices={pickers?.actors.map((a) => ({ value: a.id, label: a.name })) ?? []}
          {...bind('actor')}
        />
        <DateRangeFields idPrefix="audit" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
        <SelectField
          id="audit-action"
          label="Action"
          blank="Every action"
          choices={pickers?.actions.map((a) => ({ value: a, label: a })) ?? []}
          {...bind('action')}
        />
      </FilterForm>
      <LoadStatus error={error} loaded={!!rows} />
      {rows && rows.length === 0 ? (
        <p className="muted" role="status">
          No actions match this filter.
        </p>
      ) : null}
      {rows && rows.length > 0 ? (
        <>
          <ScrollTable
            label="Admin actions (scrolls sideways)"
            caption="Admin actions"
            columns={[{ label: 'When', sort: 'time' }, 'Admin', 'Action', 'On', 'Details']}
            sorting={sorting}
          >
            {rows.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>{dateTimeIst.format(new Date(e.at))}</time>
                </td>
                <td>{e.actorEmail}</td>
                <td>{e.action}</td>
                <td>
                  {e.subjectKind} #{e.subjectId}
                </td>
                <td>{details(e.details)}</td>
              </tr>
            ))}
          </ScrollTable>
          <PageFooter
            shown={rows.length}
            noun={['action', 'actions']}
            order={sorting.dir === 'desc' ? 'newest first' : 'oldest first'}
            more={answer.next !== null}
            loading={answer.loading}
            onMore={answer.loadMore}
          />
        </>
      ) : null}
    </ListScreen>
  );
}
