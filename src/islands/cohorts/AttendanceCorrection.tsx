import { api } from '../../lib/api.ts';
import { CORRECTION_REASON_MAX, attendanceCorrectionSchema, type AttendanceCell } from '../../shared/classes.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';

export type CorrectionTarget = {
  session: { id: string; title: string; startsAt: string };
  learner: { accountId: string; name: string };
  cell: AttendanceCell | undefined;
};

/** Correct one learner's entry for one session: present or absent, minutes, and a reason (required, audited). */
export function AttendanceCorrection({ target, onDone, onCancel }: { target: CorrectionTarget; onDone: () => void; onCancel: () => void }) {
  const form = useForm(attendanceCorrectionSchema, {
    sessionId: target.session.id,
    accountId: target.learner.accountId,
    present: target.cell ? !target.cell.present : true,
    // Empty is no value (undefined), not a number to check.
    minutes: target.cell?.minutes === null || target.cell?.minutes === undefined ? undefined : String(target.cell.minutes),
    reason: '',
  });
  const { values, setField, bind, errors } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      await api('/admin/attendance', { body: { ...data, minutes: data.minutes ?? null } });
      toast.success(`Attendance corrected for ${target.learner.name}`);
      onDone();
    } catch (error) {
      if (!handleSessionEnd(error)) throw error;
    }
  }, 'The correction could not be saved. Please try again.');

  return (
    <form onSubmit={submit} noValidate aria-label="Correct attendance">
      <dl className="admin-details">
        <dt>Learner</dt>
        <dd>{target.learner.name}</dd>
        <dt>Session</dt>
        <dd>
          {target.session.title}, {dateTimeIst.format(new Date(target.session.startsAt))}
        </dd>
        <dt>Now</dt>
        <dd>{target.cell ? `${target.cell.present ? 'Present' : 'Absent'} (${SOURCE_NAMES[target.cell.source]})` : 'No entry'}</dd>
      </dl>
      <FormError message={form.generalError} />
      <fieldset className="batch-choice">
        <legend>Mark as</legend>
        <label>
          <input type="radio" name="present" checked={values.present === true} onChange={() => setField('present', true)} /> Present
        </label>
        <label>
          <input type="radio" name="present" checked={values.present === false} onChange={() => setField('present', false)} /> Absent
        </label>
      </fieldset>
      <Field label="Minutes attended" error={errors['minutes']} hint="For an online class; leave empty otherwise">
        <input
          {...bind('minutes')}
          onChange={(event) => setField('minutes', event.target.value.trim() === '' ? undefined : event.target.value)}
          inputMode="numeric"
          autoComplete="off"
        />
      </Field>
      <Field
        label="Reason"
        error={errors['reason']}
        required
        hint={`${String(values.reason ?? '').length}/${CORRECTION_REASON_MAX} characters; kept in the audit log`}
      >
        <textarea {...bind('reason')} rows={3} maxLength={CORRECTION_REASON_MAX} />
      </Field>
      <div className="admin-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton submitting={form.submitting} busyLabel="Saving...">
          Save correction
        </SubmitButton>
      </div>
    </form>
  );
}

export const SOURCE_NAMES: Record<AttendanceCell['source'], string> = {
  online: 'minutes online',
  checkin: 'classroom check-in',
  correction: 'corrected',
};
