import { api } from '../../lib/api.ts';
import {
  SESSION_KIND_LABELS,
  SESSION_KINDS,
  sessionCreateSchema,
  sessionPatchSchema,
  type AdminSession,
  type SessionKind,
} from '../../shared/classes.ts';
import { toLocalInput } from '../admin/format.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';

/** A datetime-local value typed in India time as the API's ISO time ("2026-12-10T18:30:00+05:30"). */
export const istInput = (local: string) => (local ? `${local}:00+05:30` : '');

type Props = {
  batchId: string;
  /** The session to change, or null for a new one. */
  session: AdminSession | null;
  faculty: { id: string; name: string }[];
  onDone: () => void;
  onCancel: () => void;
};

/**
 * Add or change a session of the timetable: a live online class, an in-class session (with its
 * venue) or a deadline. Times are typed in India time. The server tells the batch of a change.
 */
export function SessionForm({ batchId, session, faculty, onDone, onCancel }: Props) {
  const form = useForm(session ? sessionPatchSchema : sessionCreateSchema, {
    ...(session ? {} : { kind: 'live' as SessionKind }),
    title: session?.title ?? '',
    startsAt: session ? istInput(toLocalInput(session.startsAt)) : '',
    durationMinutes: String(session?.durationMinutes ?? 60),
    facultyId: session?.facultyId ?? '',
    venue: session?.venue ?? '',
  });
  const { values, bind, setField, errors } = form;
  const kind = (session?.kind ?? values['kind']) as SessionKind;

  const submit = form.handleSubmit(async (data) => {
    try {
      if (session) await api(`/admin/sessions/${session.id}`, { method: 'PATCH', body: data });
      else await api(`/admin/batches/${batchId}/sessions`, { body: data });
      toast.success(session ? 'Session changed; the batch is told' : 'Session added; the batch is told');
      onDone();
    } catch (error) {
      if (!handleSessionEnd(error)) throw error;
    }
  }, 'The session could not be saved. Please try again.');

  return (
    <form onSubmit={submit} noValidate className="session-form" aria-label={session ? 'Change the session' : 'Add a session'}>
      <FormError message={form.generalError} />
      {session ? null : (
        <Field label="Kind" error={errors['kind']} required>
          <select {...bind('kind')}>
            {SESSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {SESSION_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="Title" error={errors['title']} required>
        <input {...bind('title')} maxLength={120} autoComplete="off" />
      </Field>
      <Field label={kind === 'deadline' ? 'Due (India time)' : 'Starts (India time)'} error={errors['startsAt']} required>
        <input
          name="startsAt"
          type="datetime-local"
          value={String(values['startsAt'] ?? '').slice(0, 16)}
          onChange={(event) => setField('startsAt', istInput(event.target.value))}
        />
      </Field>
      {kind === 'deadline' ? null : (
        <Field label="Duration (minutes)" error={errors['durationMinutes']} required>
          <input {...bind('durationMinutes')} inputMode="numeric" autoComplete="off" />
        </Field>
      )}
      {kind === 'classroom' ? (
        <Field label="Venue" error={errors['venue']} required>
          <input {...bind('venue')} maxLength={200} autoComplete="off" />
        </Field>
      ) : null}
      {kind === 'deadline' ? null : (
        <Field label="Faculty" error={errors['facultyId']}>
          <select {...bind('facultyId')}>
            <option value="">Not named</option>
            {faculty.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="admin-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton submitting={form.submitting} busyLabel="Saving...">
          {session ? 'Save' : 'Add session'}
        </SubmitButton>
      </div>
    </form>
  );
}
