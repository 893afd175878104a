import type { AdminOption, AuditEntry } from '../../shared/pipeline.ts';
import { Toasts } from '../ui/Toasts.tsx';
import { dateTimeIst } from '../../shared/dates.ts';
import { useAdmin } from './session.ts';
import './admin.css';
import './pipeline.css';
import { DateRangeFields, FilterActions, LoadStatus, useFilterForm } from './parts.tsx';
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
  const { draft, filter, set, apply, clear } = useFilterForm(NO_FILTER);
  const answer = useAdminQuery<AuditAnswer, Filter>(admin, filter, `/admin/audit${queryOf(filter)}`, 'Failed to load the audit log');
  const { data, error } = answer;
  // The pickers keep their options while a new filter loads.
  const pickers = answer.latest;

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Audit log</h1>
      </div>
      <form className="admin-filters card" onSubmit={apply} role="search" aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-actor">Admin</label>
          <select id="audit-actor" className="input" value={draft.actor} onChange={set('actor')}>
            <option value="">Every admin</option>
            {pickers?.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields idPrefix="audit" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" className="input" value={draft.action} onChange={set('action')}>
            <option value="">Every action</option>
            {pickers?.actions.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <FilterActions onClear={clear} />
      </form>
      <LoadStatus error={error} loaded={!!data} />
      {data ? (
        <>
          <p className="muted" role="status">
            {data.entries.length === 0 ? 'No actions match this filter.' : `${data.entries.length} actions, newest first.`}
          </p>
          {data.entries.length > 0 ? (
            <div className="admin-table-wrap" role="region" aria-label="Admin actions (scrolls sideways)" tabIndex={0}>
              <table className="admin-table">
                <caption className="sr-only">Admin actions</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Admin</th>
                    <th scope="col">Action</th>
                    <th scope="col">On</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
