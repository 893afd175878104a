import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import {
  batchCreateSchema,
  MAX_PHASES,
  PHASE_KIND_LABELS,
  PHASE_KINDS,
  type BatchCreateInput,
  type PhaseKind,
} from '../../shared/cohorts.ts';
import type { CourseDto } from '../../shared/course.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { Field, FormError } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { checkForm } from '../ui/useForm.ts';
import type { Programme } from './format.ts';

type Phase = { kind: PhaseKind; startsOn: string; endsOn: string; venue: string };

const EMPTY = {
  name: '',
  of: 'course' as 'course' | 'programme',
  courseId: '',
  programme: '',
  startsOn: '',
  endsOn: '',
  capacity: '30',
  attendanceThreshold: '75',
};

/** A number typed in a field: empty stays undefined so the schema names the field. */
const typed = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The owner's new batch: a course or a programme, its dates, seats, attendance threshold and
 * phases (online, or in class at a venue). Checked with the API's own schema before sending.
 */
export function BatchForm({
  programmes,
  onCreated,
  onCancel,
}: {
  programmes: Programme[];
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [phases, setPhases] = useState<Phase[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [courses, setCourses] = useState<CourseDto[]>([]);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const setPhase = (i: number, change: Partial<Phase>) => setPhases((list) => list.map((p, j) => (j === i ? { ...p, ...change } : p)));

  useEffect(() => {
    api<{ courses: CourseDto[] }>('/course/courses')
      .then((answer) => setCourses(answer.courses))
      .catch(() => setCourses([]));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: BatchCreateInput = {
      name: values.name,
      ...(values.of === 'course' ? { courseId: values.courseId || undefined } : { programme: values.programme || undefined }),
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      capacity: typed(values.capacity) as number,
      attendanceThreshold: typed(values.attendanceThreshold),
      phases: phases.map((p) => ({ ...p, venue: p.kind === 'classroom' ? p.venue : null })),
    };
    const checked = checkForm(batchCreateSchema, body);
    if (!checked.success) {
      setErrors(
        values.of === 'programme' && checked.errors['courseId']
          ? { ...checked.errors, programme: checked.errors['courseId'] }
          : checked.errors,
      );
      return;
    }
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const answer = await api<{ id: string }>('/admin/batches', { body: checked.data });
      toast.success(`Batch "${checked.data.name}" created`);
      onCreated(answer.id);
    } catch (failure) {
      if (handleSessionEnd(failure)) return;
      if (failure instanceof ApiError) setErrors(failure.fieldErrors());
      setGeneral(
        failure instanceof ApiError && failure.generalErrors().length
          ? failure.generalErrors().join(' ')
          : errorText(failure, 'The batch could not be created'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="batch-form" onSubmit={submit} noValidate aria-label="New batch">
      <FormError message={general} />
      <Field label="Batch name" error={errors['name']} required hint="What learners see, e.g. Data Analytics, August 2027">
        <input name="name" value={values.name} onChange={set('name')} maxLength={120} autoComplete="off" />
      </Field>
      <fieldset className="batch-choice">
        <legend>A batch of</legend>
        <label>
          <input type="radio" name="of" checked={values.of === 'course'} onChange={() => setValues((v) => ({ ...v, of: 'course' }))} /> A
          course
        </label>
        <label>
          <input
            type="radio"
            name="of"
            checked={values.of === 'programme'}
            onChange={() => setValues((v) => ({ ...v, of: 'programme' }))}
          />{' '}
          A programme
        </label>
      </fieldset>
      {values.of === 'course' ? (
        <Field label="Course" error={errors['courseId']} required>
          <select name="courseId" value={values.courseId} onChange={set('courseId')}>
            <option value="">Choose a course</option>
            {courses.map((c) => (
              <option key={c._id} value={c._id}>
                {c.title}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Field label="Programme" error={errors['programme']} required>
          <select name="programme" value={values.programme} onChange={set('programme')}>
            <option value="">Choose a programme</option>
            {programmes.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="batch-form-row">
        <Field label="Starts on" error={errors['startsOn']} required>
          <input name="startsOn" type="date" value={values.startsOn} onChange={set('startsOn')} />
        </Field>
        <Field label="Ends on" error={errors['endsOn']} required>
          <input name="endsOn" type="date" value={values.endsOn} onChange={set('endsOn')} />
        </Field>
        <Field label="Seats" error={errors['capacity']} required>
          <input name="capacity" inputMode="numeric" value={values.capacity} onChange={set('capacity')} />
        </Field>
        <Field label="Attendance threshold (%)" error={errors['attendanceThreshold']} required>
          <input name="attendanceThreshold" inputMode="numeric" value={values.attendanceThreshold} onChange={set('attendanceThreshold')} />
        </Field>
      </div>
      <fieldset className="batch-phases">
        <legend>Phases</legend>
        {errors['phases'] ? (
          <p className="field-error" role="alert">
            {errors['phases']}
          </p>
        ) : null}
        {phases.map((phase, i) => (
          <div key={i} className="batch-phase" role="group" aria-label={`Phase ${i + 1}`}>
            <div className="field">
              <label htmlFor={`phase-${i}-kind`}>Phase {i + 1}</label>
              <select
                id={`phase-${i}-kind`}
                className="input"
                value={phase.kind}
                onChange={(e) => setPhase(i, { kind: e.target.value as PhaseKind })}
              >
                {PHASE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {PHASE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`phase-${i}-from`}>From</label>
              <input
                id={`phase-${i}-from`}
                className="input"
                type="date"
                value={phase.startsOn}
                onChange={(e) => setPhase(i, { startsOn: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`phase-${i}-to`}>To</label>
              <input
                id={`phase-${i}-to`}
                className="input"
                type="date"
                value={phase.endsOn}
                onChange={(e) => setPhase(i, { endsOn: e.target.value })}
              />
            </div>
            {phase.kind === 'classroom' ? (
              <div className="field">
                <label htmlFor={`phase-${i}-venue`}>Venue</label>
                <input
                  id={`phase-${i}-venue`}
                  className="input"
                  value={phase.venue}
                  maxLength={200}
                  onChange={(e) => setPhase(i, { venue: e.target.value })}
                />
              </div>
            ) : null}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPhases((list) => list.filter((_, j) => j !== i))}>
              Remove<span className="sr-only"> phase {i + 1}</span>
            </button>
          </div>
        ))}
        {phases.length < MAX_PHASES ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() =>
              setPhases((list) => [
                ...list,
                {
                  kind: list.length ? 'classroom' : 'online',
                  startsOn: list.at(-1)?.endsOn || values.startsOn,
                  endsOn: values.endsOn,
                  venue: '',
                },
              ])
            }
          >
            Add a phase
          </button>
        ) : null}
      </fieldset>
      <div className="admin-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating...' : 'Create batch'}
        </button>
      </div>
    </form>
  );
}
