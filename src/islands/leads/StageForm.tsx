import { api } from '../../lib/api.ts';
import { STAGE_LABELS, STAGES, stageChangeSchema, type Stage } from '../../shared/pipeline-stages.ts';
import type { LeadPipelineDetail } from '../../shared/pipeline.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { toLocalInput } from '../admin/format.ts';

type Props = {
  kind: string;
  id: string;
  stage: Stage;
  nextFollowUpAt: string | null;
  /** Names the form for screen readers when several are on one screen. */
  label: string;
  onDone: (detail: LeadPipelineDetail) => void;
};

/** The quick stage change: a stage, a note, the reason when Lost, the next follow-up. */
export function StageForm({ kind, id, stage, nextFollowUpAt, label, onDone }: Props) {
  const next = STAGES.find((s) => s !== stage && s !== 'new') ?? 'contacted';
  const form = useForm(stageChangeSchema, {
    stage: next,
    note: '',
    lostReason: '',
    nextFollowUpAt: toLocalInput(nextFollowUpAt),
  });

  const submit = form.handleSubmit(async (data) => {
    try {
      const detail = await api<LeadPipelineDetail>(`/admin/pipeline/${kind}/${encodeURIComponent(id)}/stage`, { body: data });
      toast.success(`Moved to ${STAGE_LABELS[data.stage]}`);
      form.reset();
      onDone(detail);
    } catch (error) {
      if (!handleSessionEnd(error)) throw error;
    }
  }, 'Could not change the stage. Please try again.');

  return (
    <form className="pipeline-stage-form" onSubmit={submit} aria-label={label} noValidate>
      <Field label="Move to" required error={form.errors['stage']}>
        <select {...form.bind('stage')}>
          {STAGES.filter((s) => s !== stage).map((s) => (
            <option key={s} value={s}>
              {STAGE_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      {form.values.stage === 'lost' ? (
        <Field label="Reason lost" required error={form.errors['lostReason']}>
          <input {...form.bind('lostReason')} maxLength={500} />
        </Field>
      ) : null}
      <Field label="Note" error={form.errors['note']}>
        <textarea {...form.bind('note')} rows={2} maxLength={2000} />
      </Field>
      <Field label="Next follow-up" error={form.errors['nextFollowUpAt']} hint="India time">
        <input {...form.bind('nextFollowUpAt')} type="datetime-local" />
      </Field>
      <FormError message={form.generalError} />
      <SubmitButton submitting={form.submitting} busyLabel="Saving...">
        Save
      </SubmitButton>
    </form>
  );
}
