import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { CODE_SCOPES, SCOPE_LABELS } from '../../shared/code-scopes.ts';
import type { CodeFormInput, CodeSummary } from '../../shared/codes.ts';
import type { CourseDto } from '../../shared/course.ts';
import { FEE_OPTIONS } from '../../shared/registration-fees.ts';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';

type Applicant = { id: string; name: string; email: string };

const EMPTY = {
  code: '',
  description: '',
  kind: 'percent' as 'percent' | 'fixed',
  percentOff: '',
  amountOffRupees: '',
  scope: 'all-courses' as CodeFormInput['scope'],
  courseIds: [] as string[],
  feeOptions: [] as string[],
  planIds: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  oncePerPerson: true,
};

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/** The owner's "new code" form; with an application id it issues the code to that applicant (who is emailed). */
export function CodeForm({ applicationId, onCreated }: { applicationId: string | null; onCreated: (code: CodeSummary) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [courses, setCourses] = useState<CourseDto[]>([]);
  const [applicant, setApplicant] = useState<Applicant | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    api<{ courses: CourseDto[] }>('/course/courses')
      .then((a) => setCourses(a.courses))
      .catch(() => setCourses([]));
  }, []);
  useEffect(() => {
    if (!applicationId) return;
    api<{ applicant: Applicant }>(`/admin/codes/applicant/${applicationId}`)
      .then((a) => {
        setApplicant(a.applicant);
        setValues((v) => ({
          ...v,
          kind: 'percent',
          percentOff: '100',
          maxUses: '1',
          description: v.description || `Scholarship for ${a.applicant.name}`,
        }));
      })
      .catch((e: unknown) => toast.error(errorText(e, 'No such scholarship application')));
  }, [applicationId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const body: CodeFormInput = {
      code: values.code,
      description: values.description,
      kind: values.kind,
      ...(values.kind === 'percent'
        ? { percentOff: values.percentOff as unknown as number }
        : { amountOffRupees: values.amountOffRupees as unknown as number }),
      scope: values.scope,
      courseIds: values.scope === 'courses' ? values.courseIds : [],
      feeOptions: values.scope === 'registration-fees' ? values.feeOptions : [],
      planIds: values.scope === 'plans' ? values.planIds.split(/[\s,]+/).filter(Boolean) : [],
      validFrom: values.validFrom,
      validUntil: values.validUntil,
      maxUses: values.maxUses as unknown as number,
      oncePerPerson: values.oncePerPerson,
      ...(applicant ? { applicationId: applicant.id } : {}),
    };
    try {
      const answer = await api<{ code: CodeSummary }>('/admin/codes', { body });
      toast.success(applicant ? `Code ${answer.code.code} created and emailed to ${applicant.name}` : `Code ${answer.code.code} created`);
      setValues(EMPTY);
      onCreated(answer.code);
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors() : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorText(e, 'The code could not be created'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card admin-form code-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="new-code">
      <h2 id="new-code">{applicant ? 'Issue a scholarship code' : 'New code'}</h2>
      {applicant ? (
        <p className="code-applicant" role="status">
          For <strong>{applicant.name}</strong> ({applicant.email}), scholarship application {applicant.id}: only this email can use it, and
          it is emailed to them.
        </p>
      ) : null}
      <div className="code-grid">
        <Field label="Code" hint="4-32 letters, digits or hyphens; stored in capitals." error={errors['code']} required>
          <input name="code" value={values.code} onChange={(e) => set('code', e.target.value)} autoCapitalize="characters" />
        </Field>
        <Field label="Description" hint="Shown to the buyer with the code." error={errors['description']}>
          <input name="description" value={values.description} maxLength={200} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field label="Discount type" required>
          <select name="kind" value={values.kind} onChange={(e) => set('kind', e.target.value as 'percent' | 'fixed')}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off</option>
          </select>
        </Field>
        {values.kind === 'percent' ? (
          <Field label="Percent off" hint="1-100; 100 makes it free." error={errors['percentOff']} required>
            <input
              name="percentOff"
              type="number"
              min={1}
              max={100}
              value={values.percentOff}
              onChange={(e) => set('percentOff', e.target.value)}
            />
          </Field>
        ) : (
          <Field label="Amount off (₹)" hint="Taken off the price including GST." error={errors['amountOffRupees']} required>
            <input
              name="amountOffRupees"
              type="number"
              min={1}
              step="0.01"
              value={values.amountOffRupees}
              onChange={(e) => set('amountOffRupees', e.target.value)}
            />
          </Field>
        )}
        <Field label="Applies to" required error={errors['scope']}>
          <select name="scope" value={values.scope} onChange={(e) => set('scope', e.target.value as CodeFormInput['scope'])}>
            {CODE_SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="First day (IST)" hint="Empty: from now." error={errors['validFrom']}>
          <input name="validFrom" type="date" value={values.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
        </Field>
        <Field label="Last day (IST)" hint="Included. Empty: no end." error={errors['validUntil']}>
          <input name="validUntil" type="date" value={values.validUntil} onChange={(e) => set('validUntil', e.target.value)} />
        </Field>
        <Field label="Total uses" hint="Empty: no limit." error={errors['maxUses']}>
          <input name="maxUses" type="number" min={1} value={values.maxUses} onChange={(e) => set('maxUses', e.target.value)} />
        </Field>
      </div>
      {values.scope === 'courses' ? (
        <fieldset className="code-choices">
          <legend>Courses (none ticked: every course)</legend>
          {courses.map((c) => (
            <label key={c._id}>
              <input
                type="checkbox"
                checked={values.courseIds.includes(c._id)}
                onChange={() => set('courseIds', toggle(values.courseIds, c._id))}
              />{' '}
              {c.title}
            </label>
          ))}
        </fieldset>
      ) : null}
      {values.scope === 'registration-fees' ? (
        <fieldset className="code-choices">
          <legend>Fee options (none ticked: every listed fee)</legend>
          {FEE_OPTIONS.map((f) => (
            <label key={f.id}>
              <input
                type="checkbox"
                checked={values.feeOptions.includes(f.id)}
                onChange={() => set('feeOptions', toggle(values.feeOptions, f.id))}
              />{' '}
              {f.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {values.scope === 'plans' ? (
        <Field label="Plan ids" hint="Comma separated; empty: every plan." error={errors['planIds']}>
          <input name="planIds" value={values.planIds} onChange={(e) => set('planIds', e.target.value)} />
        </Field>
      ) : null}
      <label className="code-check">
        <input type="checkbox" checked={values.oncePerPerson} onChange={(e) => set('oncePerPerson', e.target.checked)} /> Once per person
        (by verified email)
      </label>
      <div className="admin-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating...' : applicant ? 'Issue code' : 'Create code'}
        </button>
      </div>
    </form>
  );
}
