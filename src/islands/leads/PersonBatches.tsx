import { attendanceLabel } from '../../shared/class-labels.ts';
import type { PersonBatchAttendance } from '../../shared/classes.ts';

/** The person's batches and attendance percent on the person page (no detail: that is the batch's screen). */
export function PersonBatches({ batches }: { batches: PersonBatchAttendance[] | undefined }) {
  if (!batches?.length) return null;
  return (
    <>
      <dt>Batches</dt>
      <dd data-person-batches>
        {batches.map((b) => (
          <span key={b.batchId} className="person-chip">
            {b.batchName}: attendance {attendanceLabel(b.percent)}
            {b.belowThreshold ? <span className="badge badge-danger">under the threshold</span> : null}
          </span>
        ))}
      </dd>
    </>
  );
}
