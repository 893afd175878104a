import { lazy, Suspense, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { SESSION_KIND_LABELS } from '../../shared/class-labels.ts';
import type { AdminSession, AdminSessionsAnswer } from '../../shared/classes.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { handleSessionEnd } from '../admin/session.ts';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/Toasts.tsx';

// The session form (its schema) and the QR encoder load when a faculty member opens them.
const SessionForm = lazy(() => import('./SessionForm.tsx').then((m) => ({ default: m.SessionForm })));
const CheckinQr = lazy(() => import('./CheckinQr.tsx').then((m) => ({ default: m.CheckinQr })));

const endIst = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });

function when(session: AdminSession): string {
  const start = new Date(session.startsAt);
  if (session.kind === 'deadline') return `Due ${dateTimeIst.format(start)}`;
  const end = new Date(start.getTime() + session.durationMinutes * 60_000);
  return `${dateTimeIst.format(start)} to ${endIst.format(end)}`;
}

/**
 * The batch's timetable (owners and the batch's faculty): every session in India time; add a live
 * class, an in-class session or a deadline, change or cancel one, and show an in-class session's
 * check-in QR code.
 */
export function Timetable({ admin, batchId, faculty }: { admin: unknown; batchId: string; faculty: { id: string; name: string }[] }) {
  const { data, error, reload } = useAdminLoad<AdminSessionsAnswer>(
    admin,
    `/admin/batches/${batchId}/sessions`,
    'Failed to load the timetable',
  );
  const [editing, setEditing] = useState<AdminSession | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<AdminSession | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel(session: AdminSession) {
    if (!confirm(`Cancel "${session.title}" on ${dateTimeIst.format(new Date(session.startsAt))}? The batch is told.`)) return;
    setBusy(true);
    try {
      await api(`/admin/sessions/${session.id}`, { method: 'DELETE' });
      toast.success('Session cancelled; the batch is told');
      reload();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The session could not be cancelled'));
    } finally {
      setBusy(false);
    }
  }

  const sessions = data?.sessions ?? [];
  return (
    <section className="batch-section" aria-labelledby="batch-timetable">
      <div className="batch-section-head">
        <h2 id="batch-timetable">Timetable</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Add a session
        </button>
      </div>
      <LoadStatus error={error} loaded={!!data} />
      {data && sessions.length === 0 ? <p className="muted">No sessions yet: add the first class.</p> : null}
      {sessions.length ? (
        <ScrollTable label="Sessions (scrolls sideways)" caption="Sessions" columns={['When (IST)', 'Session', 'Where', 'Faculty', '']}>
          {sessions.map((session) => (
            <tr key={session.id} data-session={session.id} className={session.cancelledAt ? 'batch-cancelled' : undefined}>
              <td>
                <time dateTime={session.startsAt}>{when(session)}</time>
              </td>
              <td>
                <strong>{session.title}</strong>
                <br />
                <span className="muted">{SESSION_KIND_LABELS[session.kind]}</span>
                {session.cancelledAt ? <span className="badge badge-danger">Cancelled</span> : null}
              </td>
              <td>
                {session.kind === 'classroom' ? session.venue : null}
                {session.kind === 'live' && session.hostUrl ? (
                  <a href={session.hostUrl} target="_blank" rel="noopener noreferrer">
                    Start the meeting
                  </a>
                ) : null}
                {session.kind === 'live' && !session.hostUrl ? <span className="muted">Online</span> : null}
              </td>
              <td>{session.facultyName ?? '-'}</td>
              <td>
                {session.cancelledAt ? null : (
                  <div className="batch-row-actions">
                    {session.kind === 'classroom' ? (
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => setQrFor(session)}>
                        Show check-in QR<span className="sr-only"> for {session.title}</span>
                      </button>
                    ) : null}
                    <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => setEditing(session)}>
                      Change<span className="sr-only"> {session.title}</span>
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void cancel(session)}>
                      Cancel<span className="sr-only"> {session.title}</span>
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a session' : 'Change the session'}>
        {editing ? (
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <SessionForm
              key={editing === 'new' ? 'new' : editing.id}
              batchId={batchId}
              session={editing === 'new' ? null : editing}
              faculty={faculty}
              onCancel={() => setEditing(null)}
              onDone={() => {
                setEditing(null);
                reload();
              }}
            />
          </Suspense>
        ) : null}
      </Dialog>
      {qrFor ? (
        <Suspense fallback={null}>
          <CheckinQr batchId={batchId} session={qrFor} onClose={() => setQrFor(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
