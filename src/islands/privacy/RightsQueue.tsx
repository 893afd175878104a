/**
 * The owners' queue of privacy requests made without an account (/admin/privacy): open ones by
 * deadline then the closed ones, or by when confirmed, a page at a time; closed with a note. On a phone each request is a card of labelled lines (privacy.css), never a
 * table wider than the screen.
 */
import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { RIGHTS_KINDS, type RightsRequestDto } from '../../shared/rights-requests.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { ScrollTable } from '../admin/list-screen.tsx';
import { PageFooter, usePages, useSort } from '../admin/list-pages.tsx';
import { toast } from '../ui/Toasts.tsx';

/** The queue has no filter: one object, so it loads again only on a sort or a reload. */
const NO_FILTER = {};

export function RightsQueue() {
  const admin = useAdmin({ announce: false });
  const sorting = useSort('requests');
  const load = usePages<RightsRequestDto>(admin, NO_FILTER, '/admin/privacy/rights-requests', sorting, 'Failed to load the requests');
  const [busy, setBusy] = useState<string | null>(null);
  const requests = load.rows;

  async function close(id: string, outcome: 'done' | 'refused') {
    const note = window.prompt(outcome === 'done' ? 'What was done (optional)' : 'Why it was refused (the person is told)') ?? '';
    setBusy(id);
    try {
      await api(`/admin/privacy/rights-requests/${id}/close`, { body: { outcome, note } });
      toast.success('Closed and logged');
      load.reload();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'That did not work.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="privacy-log" aria-labelledby="rights-queue-heading">
      <h2 id="rights-queue-heading">Requests from the privacy request page</h2>
      {load.error ? (
        <p className="admin-status" role="alert">
          {load.error}
        </p>
      ) : !requests ? (
        <p className="admin-status" role="status">
          Loading...
        </p>
      ) : requests.length === 0 ? (
        <p className="admin-status" role="status">
          No confirmed request.
        </p>
      ) : (
        <ScrollTable
          labelledBy="rights-queue-heading"
          caption="Open requests by deadline, then the closed ones"
          columns={[{ label: 'Due', sort: 'deadline' }, { label: 'Received', sort: 'received' }, 'Email', 'Asks for', 'Details', 'Status']}
          sorting={sorting}
          wrapClass="privacy-table-wrap"
          tableClass="privacy-table"
        >
          {requests.map((r) => (
            <tr key={r.id} data-overdue={r.overdue || undefined}>
              <td data-label="Due">
                <span>
                  {dateTimeIst.format(new Date(r.dueAt))}
                  {r.overdue ? <strong> (overdue)</strong> : null}
                </span>
              </td>
              <td data-label="Received">
                <span>{dateTimeIst.format(new Date(r.confirmedAt))}</span>
              </td>
              <td data-label="Email">{r.email}</td>
              <td data-label="Asks for">{RIGHTS_KINDS[r.kind]}</td>
              <td data-label="Details">{r.details || '-'}</td>
              <td data-label="Status">
                {r.status === 'open' ? (
                  <span className="rights-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busy === r.id}
                      onClick={() => void close(r.id, 'done')}
                    >
                      Done
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy === r.id}
                      onClick={() => void close(r.id, 'refused')}
                    >
                      Refuse
                    </button>
                  </span>
                ) : (
                  <span>{`${r.status === 'done' ? 'Done' : 'Refused'}${r.outcomeNote ? `: ${r.outcomeNote}` : ''}`}</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {requests && requests.length > 0 ? (
        <PageFooter
          shown={requests.length}
          noun={['request', 'requests']}
          order={sorting.sort === 'deadline' ? 'open ones by deadline first' : sorting.dir === 'desc' ? 'newest first' : 'oldest first'}
          more={load.next !== null}
          loading={load.loading}
          onMore={load.loadMore}
        />
      ) : null}
    </section>
  );
}
