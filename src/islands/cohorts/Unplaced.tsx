import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { SEAT_SOURCE_LABELS } from '../../shared/cohort-labels.ts';
import type { AdminBatch, UnplacedAnswer, UnplacedEnrolment } from '../../shared/cohorts.ts';
import { dateIst } from '../../shared/dates.ts';
import { LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { handleSessionEnd } from '../admin/session.ts';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { toast } from '../ui/Toasts.tsx';

/**
 * Purchases, registration fees and fee plans whose learner has no batch yet (bought before
 * batches existed, or a programme learner who has not picked one): an owner places each in an
 * open or running batch of the same course or programme.
 */
export function Unplaced({
  admin,
  batches,
  programmeName,
  onPlaced,
}: {
  admin: unknown;
  batches: AdminBatch[];
  programmeName: (slug: string) => string;
  onPlaced: () => void;
}) {
  const { data, error, reload } = useAdminLoad<UnplacedAnswer>(admin, '/admin/unplaced', 'Failed to load the purchases without a batch');
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const keyOf = (u: UnplacedEnrolment) => `${u.source}:${u.sourceId}`;
  const fitting = (u: UnplacedEnrolment) =>
    batches.filter((b) => b.status !== 'finished' && (u.courseId ? b.courseId === u.courseId : b.programme === u.programme));

  async function place(u: UnplacedEnrolment) {
    const batch = batches.find((b) => b.id === choice[keyOf(u)]);
    if (!batch) {
      toast.error('Choose a batch first');
      return;
    }
    setBusy(keyOf(u));
    try {
      await api(`/admin/batches/${batch.id}/enrol`, { body: { email: u.email } });
      toast.success(`${u.name || u.email} placed in ${batch.name}`);
      reload();
      onPlaced();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'That learner could not be placed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="batch-section" aria-labelledby="unplaced-title">
      <h2 id="unplaced-title">Without a batch</h2>
      <LoadStatus error={error} loaded={!!data} />
      {data && data.unplaced.length === 0 ? <p className="muted">Every paid learner has a batch.</p> : null}
      {data && data.unplaced.length ? (
        <ScrollTable
          labelledBy="unplaced-title"
          caption="Paid learners without a batch"
          columns={['Learner', 'Paid for', 'Paid on', 'Place in batch']}
        >
          {data.unplaced.map((u) => {
            const options = fitting(u);
            return (
              <tr key={keyOf(u)} data-unplaced={u.email}>
                <td>
                  <strong>{u.name || '-'}</strong>
                  <br />
                  <span className="muted">{u.email}</span>
                </td>
                <td>
                  {u.courseTitle ?? (u.programme ? programmeName(u.programme) : '-')}
                  <br />
                  <span className="muted">{SEAT_SOURCE_LABELS[u.source]}</span>
                </td>
                <td>{dateIst.format(new Date(u.paidAt))}</td>
                <td>
                  {options.length === 0 ? (
                    <span className="muted">No open batch of this yet</span>
                  ) : (
                    <div className="batch-place">
                      <select
                        className="input"
                        aria-label={`Batch for ${u.name || u.email}`}
                        value={choice[keyOf(u)] ?? ''}
                        onChange={(event) => setChoice((c) => ({ ...c, [keyOf(u)]: event.target.value }))}
                      >
                        <option value="">Choose a batch</option>
                        {options.map((b) => (
                          <option key={b.id} value={b.id}>
                            {b.name} ({b.seatsTaken}/{b.capacity})
                          </option>
                        ))}
                      </select>
                      <button type="button" className="btn btn-primary btn-sm" disabled={busy !== null} onClick={() => void place(u)}>
                        Place in batch<span className="sr-only"> {u.name || u.email}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      ) : null}
    </section>
  );
}
