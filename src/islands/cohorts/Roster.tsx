import { api } from '../../lib/api.ts';
import { batchEnrolSchema, SEAT_SOURCE_LABELS, type RosterAnswer, type SeatStatus } from '../../shared/cohorts.ts';
import { LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { handleSessionEnd } from '../admin/session.ts';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';

const SEAT_LABELS: Record<SeatStatus, string> = {
  taken: 'Seat taken',
  held: 'Held (order not paid yet)',
  waiting: 'Waiting list',
  released: 'Released',
};

/** The batch's learners (seated, then the waiting list in order); owners enrol a learner by email. */
export function Roster({ admin, batchId, owner }: { admin: unknown; batchId: string; owner: boolean }) {
  const { data, error, reload } = useAdminLoad<RosterAnswer>(admin, `/admin/batches/${batchId}/roster`, 'Failed to load the roster');
  const learners = data?.learners ?? [];
  const seated = learners.filter((l) => l.seatStatus === 'taken' || l.seatStatus === 'held').length;
  return (
    <section className="batch-section" aria-labelledby="batch-roster">
      <div className="batch-section-head">
        <h2 id="batch-roster">Roster</h2>
        {data ? (
          <span className="muted">
            {seated} seated · {learners.length - seated} waiting
          </span>
        ) : null}
      </div>
      {owner ? <EnrolForm batchId={batchId} onDone={reload} /> : null}
      <LoadStatus error={error} loaded={!!data} />
      {data && learners.length === 0 ? <p className="muted">No learners yet.</p> : null}
      {learners.length ? (
        <ScrollTable label="Learners (scrolls sideways)" caption="Learners of the batch" columns={['Learner', 'Email', 'Seat', 'Through']}>
          {learners.map((l, i) => (
            <tr key={`${l.accountId}:${l.seatStatus}`} data-learner={l.email}>
              <td>
                <strong>{l.name || '-'}</strong>
              </td>
              <td>
                <a href={`mailto:${l.email}`}>{l.email}</a>
              </td>
              <td>
                <span className={`badge batch-seat-${l.seatStatus}`}>{SEAT_LABELS[l.seatStatus]}</span>
                {l.seatStatus === 'waiting' ? <span className="muted"> #{i + 1 - seated}</span> : null}
              </td>
              <td>{SEAT_SOURCE_LABELS[l.source]}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </section>
  );
}

/** An existing learner account by email: their purchase of this batch's course is used when there is one. */
function EnrolForm({ batchId, onDone }: { batchId: string; onDone: () => void }) {
  const form = useForm(batchEnrolSchema, { email: '' });
  const submit = form.handleSubmit(async (data) => {
    try {
      await api(`/admin/batches/${batchId}/enrol`, { body: data });
      toast.success(`${data.email} is enrolled`);
      form.reset();
      onDone();
    } catch (error) {
      if (!handleSessionEnd(error)) throw error;
    }
  }, 'The learner could not be enrolled. Please try again.');
  return (
    <form className="card batch-enrol" onSubmit={submit} noValidate aria-label="Enrol a learner">
      <Field label="Enrol a learner by email" error={form.errors['email']} hint="The learner's account email">
        <input {...form.bind('email')} type="email" autoComplete="off" maxLength={254} />
      </Field>
      <SubmitButton submitting={form.submitting} busyLabel="Enrolling...">
        Enrol
      </SubmitButton>
      <FormError message={form.generalError} />
    </form>
  );
}
