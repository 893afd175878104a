import { useState, type CSSProperties } from 'react';
import { attendanceLabel } from '../../shared/class-labels.ts';
import type { AttendanceSheet } from '../../shared/classes.ts';
import { LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { AttendanceCorrection, SOURCE_NAMES, type CorrectionTarget } from './AttendanceCorrection.tsx';

const dayIst = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const below = (percent: number | null, threshold: number) => percent !== null && percent < threshold;

/**
 * The batch's attendance (owners and the batch's faculty): each learner's percent as a bar against
 * the threshold (learners under it stand out), then the sheet of learners by sessions held so far;
 * a cell opens the correction dialog (a reason is required and audited).
 */
export function Attendance({ admin, batchId }: { admin: unknown; batchId: string }) {
  const { data, error, reload } = useAdminLoad<AttendanceSheet>(
    admin,
    `/admin/batches/${batchId}/attendance`,
    'Failed to load the attendance',
  );
  const [target, setTarget] = useState<CorrectionTarget | null>(null);

  return (
    <section className="batch-section" aria-labelledby="batch-attendance">
      <div className="batch-section-head">
        <h2 id="batch-attendance">Attendance</h2>
      </div>
      <LoadStatus error={error} loaded={!!data} />
      {data && data.learners.length === 0 ? <p className="muted">No learners in this batch yet.</p> : null}
      {data && data.learners.length ? (
        <>
          <AttendanceChart sheet={data} />
          {data.sessions.length === 0 ? (
            <p className="muted">No sessions held yet.</p>
          ) : (
            <ScrollTable
              label="Attendance by session (scrolls sideways)"
              caption="Attendance by learner and session"
              columns={[
                'Learner',
                { label: '%', className: 'num' },
                ...data.sessions.map((s) => ({
                  key: s.id,
                  className: 'batch-att-session',
                  label: <abbr title={s.title}>{dayIst.format(new Date(s.startsAt))}</abbr>,
                })),
              ]}
              tableClass="admin-table batch-att-table"
            >
              {data.learners.map((learner) => (
                <tr key={learner.accountId} className={below(learner.percent, data.threshold) ? 'batch-below' : undefined}>
                  <th scope="row">{learner.name}</th>
                  <td className="num">{attendanceLabel(learner.percent)}</td>
                  {data.sessions.map((session) => {
                    const cell = learner.entries[session.id];
                    const mark = !cell ? '–' : cell.present ? '✓' : '✗';
                    const said = !cell ? 'no entry' : `${cell.present ? 'present' : 'absent'}, ${SOURCE_NAMES[cell.source]}`;
                    return (
                      <td key={session.id} className="batch-att-cell">
                        <button
                          type="button"
                          className={`batch-att-mark ${cell ? (cell.present ? 'is-present' : 'is-absent') : ''}`}
                          aria-label={`${learner.name}, ${session.title}: ${said}${cell?.minutes ? `, ${cell.minutes} min` : ''}. Correct`}
                          title={`${said}${cell?.minutes ? `, ${cell.minutes} min` : ''}`}
                          onClick={() => setTarget({ session, learner, cell })}
                        >
                          {mark}
                          {cell?.minutes ? <small>{cell.minutes}′</small> : null}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </ScrollTable>
          )}
        </>
      ) : null}
      <Dialog open={target !== null} onClose={() => setTarget(null)} title="Correct attendance">
        {target ? (
          <AttendanceCorrection
            key={`${target.learner.accountId}:${target.session.id}`}
            target={target}
            onCancel={() => setTarget(null)}
            onDone={() => {
              setTarget(null);
              reload();
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

/** Each learner's percent as a horizontal bar, the threshold as a line across them; under it in red. */
function AttendanceChart({ sheet }: { sheet: AttendanceSheet }) {
  const under = sheet.learners.filter((l) => below(l.percent, sheet.threshold)).length;
  return (
    <figure className="batch-chart" aria-labelledby="batch-chart-caption">
      <figcaption id="batch-chart-caption">
        Attendance so far against the threshold of {sheet.threshold}%
        {under ? (
          <>
            {' '}
            · <strong className="batch-chart-under">{under === 1 ? '1 learner' : `${under} learners`} under it</strong>
          </>
        ) : null}
      </figcaption>
      <ul className="batch-chart-rows" style={{ '--threshold': `${sheet.threshold}%` } as CSSProperties}>
        {sheet.learners.map((learner) => (
          <li
            key={learner.accountId}
            className={below(learner.percent, sheet.threshold) ? 'batch-below' : undefined}
            data-percent={learner.percent ?? ''}
          >
            <span className="batch-chart-name">{learner.name}</span>
            <span className="batch-chart-track" aria-hidden="true">
              <span className="batch-chart-bar" style={{ width: `${learner.percent ?? 0}%` }} />
              <span className="batch-chart-line" />
            </span>
            <span className="batch-chart-value">
              {attendanceLabel(learner.percent)}
              {below(learner.percent, sheet.threshold) ? <span className="sr-only"> (under the threshold)</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
