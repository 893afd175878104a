import { lazy, Suspense, useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { BATCH_STATUS_LABELS, BATCH_STATUSES, PHASE_KIND_LABELS, type BatchStatus } from '../../shared/cohort-labels.ts';
import type { AdminBatchDetail } from '../../shared/cohorts.ts';
import { LoadStatus, ScreenHead } from '../admin/list-screen.tsx';
import { useAdminMe } from '../admin/me.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { batchDates, type Programme } from './format.ts';
import { Timetable } from './Timetable.tsx';
import '../admin/admin.css';
import '../admin/pipeline.css';
import './cohorts.css';

// The roster and attendance tabs (with their forms' schemas) load when opened: the timetable shows first.
const Roster = lazy(() => import('./Roster.tsx').then((m) => ({ default: m.Roster })));
const Attendance = lazy(() => import('./Attendance.tsx').then((m) => ({ default: m.Attendance })));

const TABS = [
  { key: 'timetable', label: 'Timetable' },
  { key: 'roster', label: 'Roster' },
  { key: 'attendance', label: 'Attendance' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const idFromAddress = () => new URLSearchParams(location.search).get('id')?.trim() ?? '';
const tabFromAddress = (): Tab => TABS.find((t) => `#${t.key}` === location.hash)?.key ?? 'timetable';

/**
 * /admin/batch?id=...: one batch for its owners and faculty: its dates and phases, then the
 * timetable, the roster and the attendance, one tab at a time (the address keeps the tab).
 */
export default function Batch({ programmes }: { programmes: Programme[] }) {
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const owner = (me?.adminRole ?? admin?.adminRole) === 'owner';
  const [id] = useState(idFromAddress);
  const [tab, setTab] = useState<Tab>(tabFromAddress);
  const loaded = useAdminLoad<{ batch: AdminBatchDetail }>(
    id ? admin : null,
    `/admin/batches/${encodeURIComponent(id)}`,
    'Failed to load the batch',
  );
  const { error, reload } = loaded;
  const batch = loaded.data?.batch ?? null;

  useEffect(() => {
    const follow = () => setTab(tabFromAddress());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  async function setStatus(status: BatchStatus) {
    try {
      await api(`/admin/batches/${id}`, { method: 'PATCH', body: { status } });
      toast.success(`The batch is ${BATCH_STATUS_LABELS[status].toLowerCase()}`);
      reload();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The status could not be changed'));
    }
  }

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <p className="muted">
        <a href="/admin/batches">Batches</a>
      </p>
      <ScreenHead
        title={batch?.name ?? 'Batch'}
        badge={batch ? <span className={`badge batch-status-${batch.status}`}>{BATCH_STATUS_LABELS[batch.status]}</span> : null}
      />
      {!id ? <p className="admin-status">No batch named in the address. Open one from the list of batches.</p> : null}
      <LoadStatus error={id ? error : null} loaded={!id || !!batch} />
      {batch ? (
        <>
          <dl className="batch-facts">
            <div>
              <dt>Of</dt>
              <dd>{batch.courseTitle ?? programmes.find((p) => p.slug === batch.programme)?.name ?? batch.programme}</dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>{batchDates(batch)}</dd>
            </div>
            <div>
              <dt>Seats</dt>
              <dd>
                {batch.seatsTaken} / {batch.capacity}
                {batch.waiting ? ` · ${batch.waiting} waiting` : ''}
              </dd>
            </div>
            <div>
              <dt>Attendance threshold</dt>
              <dd>{batch.attendanceThreshold}%</dd>
            </div>
            <div>
              <dt>Faculty</dt>
              <dd>{batch.faculty.map((f) => f.name).join(', ') || 'None yet'}</dd>
            </div>
            {owner ? (
              <div>
                <dt>
                  <label htmlFor="batch-status">Status</label>
                </dt>
                <dd>
                  <select
                    id="batch-status"
                    className="input"
                    value={batch.status}
                    onChange={(e) => void setStatus(e.target.value as BatchStatus)}
                  >
                    {BATCH_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {BATCH_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </select>
                </dd>
              </div>
            ) : null}
          </dl>
          {batch.phases.length ? (
            <ol className="batch-phase-list" aria-label="Phases">
              {batch.phases.map((phase, i) => (
                <li key={i}>
                  <strong>{PHASE_KIND_LABELS[phase.kind]}</strong> {batchDates(phase)}
                  {phase.venue ? <span className="muted"> · {phase.venue}</span> : null}
                </li>
              ))}
            </ol>
          ) : null}
          <div className="batch-tabs" role="tablist" aria-label="Batch">
            {TABS.map((t) => (
              <a
                key={t.key}
                role="tab"
                id={`tab-${t.key}`}
                href={`#${t.key}`}
                aria-selected={tab === t.key}
                aria-controls={`panel-${t.key}`}
                onClick={(event) => {
                  event.preventDefault();
                  history.replaceState(null, '', `#${t.key}`);
                  setTab(t.key);
                }}
              >
                {t.label}
              </a>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'timetable' ? <Timetable admin={admin} batchId={batch.id} faculty={batch.faculty} /> : null}
            <Suspense fallback={<p aria-busy="true">Loading…</p>}>
              {tab === 'roster' ? <Roster admin={admin} batchId={batch.id} owner={owner} /> : null}
              {tab === 'attendance' ? <Attendance admin={admin} batchId={batch.id} /> : null}
            </Suspense>
          </div>
        </>
      ) : null}
    </>
  );
}
