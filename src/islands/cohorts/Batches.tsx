import { useState } from 'react';
import { BATCH_STATUS_LABELS } from '../../shared/cohort-labels.ts';
import type { AdminBatch, AdminBatchesAnswer } from '../../shared/cohorts.ts';
import { ListScreen, LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { useAdminMe } from '../admin/me.ts';
import { useAdmin } from '../admin/session.ts';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { BatchFaculty } from './BatchFaculty.tsx';
import { BatchForm } from './BatchForm.tsx';
import { batchDates, batchPath, type Programme } from './format.ts';
import { Unplaced } from './Unplaced.tsx';
import '../admin/admin.css';
import '../admin/pipeline.css';
import './cohorts.css';

/**
 * /admin/batches: owners see every batch, create one, assign its faculty and place purchases that
 * have no batch yet; faculty see the batches they teach.
 */
export default function Batches({ programmes }: { programmes: Programme[] }) {
  useFlash();
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const owner = (me?.adminRole ?? admin?.adminRole) === 'owner';
  const { data, error, reload } = useAdminLoad<AdminBatchesAnswer>(admin, '/admin/batches', 'Failed to load the batches');
  const [creating, setCreating] = useState(false);
  const [staffing, setStaffing] = useState<AdminBatch | null>(null);
  const programmeName = (slug: string) => programmes.find((p) => p.slug === slug)?.name ?? slug;

  return (
    <ListScreen admin={admin} title="Batches">
      <p className="lead">
        {owner
          ? 'Every cohort of a course or programme: its dates, seats and faculty. Open a batch for its timetable, roster and attendance.'
          : 'The batches you teach: open one for its timetable, roster and attendance.'}
      </p>
      {owner ? (
        <p>
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New batch
          </button>
        </p>
      ) : null}
      <LoadStatus error={error} loaded={!!data} />
      {data && data.batches.length === 0 ? (
        <p className="muted">{owner ? 'No batches yet: create the first one.' : 'No batches are assigned to you yet.'}</p>
      ) : null}
      {data && data.batches.length ? (
        <ScrollTable
          label="Batches (scrolls sideways)"
          caption="Batches"
          columns={['Batch', 'Dates', 'Status', { label: 'Seats', className: 'num' }, { label: 'Waiting', className: 'num' }, 'Faculty']}
        >
          {data.batches.map((batch) => (
            <tr key={batch.id} data-batch={batch.id}>
              <td>
                <a href={batchPath(batch.id)}>
                  <strong>{batch.name}</strong>
                </a>
                <br />
                <span className="muted">{batch.courseTitle ?? (batch.programme ? programmeName(batch.programme) : '')}</span>
              </td>
              <td>{batchDates(batch)}</td>
              <td>
                <span className={`badge batch-status-${batch.status}`}>{BATCH_STATUS_LABELS[batch.status]}</span>
              </td>
              <td className="num">
                {batch.seatsTaken} / {batch.capacity}
              </td>
              <td className="num">{batch.waiting}</td>
              <td>
                {batch.faculty.map((f) => f.name).join(', ') || <span className="muted">None yet</span>}
                {owner ? (
                  <>
                    {' '}
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setStaffing(batch)}>
                      Assign<span className="sr-only"> faculty to {batch.name}</span>
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      {owner && data ? <Unplaced admin={admin} batches={data.batches} programmeName={programmeName} onPlaced={reload} /> : null}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New batch" className="batch-dialog">
        {creating ? (
          <BatchForm
            programmes={programmes}
            onCancel={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              reload();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={staffing !== null} onClose={() => setStaffing(null)} title={staffing ? `Faculty of ${staffing.name}` : 'Faculty'}>
        {staffing ? (
          <BatchFaculty
            key={staffing.id}
            batch={staffing}
            onCancel={() => setStaffing(null)}
            onDone={() => {
              setStaffing(null);
              reload();
            }}
          />
        ) : null}
      </Dialog>
    </ListScreen>
  );
}
