import type { AdminOption, AuditEntry } from '../../shared/pipeline.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { useAdmin } from './session.ts';
import './admin.css';
import './pipeline.css';
import { DateRangeFields, FilterForm, ListScreen, LoadStatus, ScrollTable, SelectField, useFilterForm } from './list-screen.tsx';
import { queryOf, useAdminQuery } from './useAdminQuery.ts';

type Filter = { actor: string; action: string; from: string; to: string };
const NO_FILTER: Filter = { actor: '', action: '', from: '', to: '' };
type AuditAnswer = { entries: AuditEntry[]; actors: AdminOption[]; actions: string[] };

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

/** /admin/audit (owners): every admin action on leads, payments and the team, newest first. */
export default function AuditLog() {
  const admin = useAdmin({ announce: true });
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
  const answer = useAdminQuery<AuditAnswer, Filter>(admin, filter, `/admin/audit${queryOf(filter)}`, 'Failed to load the audit log');
  const { data, error } = answer;
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
      <LoadStatus error={error} loaded={!!data} />
      {data ? (
        <>
          <p className="muted" role="status">
            {data.entries.length === 0 ? 'No actions match this filter.' : `${data.entries.length} actions, newest first.`}
          </p>
          {data.entries.length > 0 ? (
            <ScrollTable
              label="Admin actions (scrolls sideways)"
              caption="Admin actions"
              columns={['When', 'Admin', 'Action', 'On', 'Details']}
            >
              {data.entries.map((e) => (
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
          ) : null}
        </>
      ) : null}
    </ListScreen>
  );
}
