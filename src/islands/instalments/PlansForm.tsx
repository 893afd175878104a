import { useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { PlanDto } from '../../shared/instalments.ts';
import { PLAN_FEE_OPTIONS, programmeLabel } from '../../shared/registration-fees.ts';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { handleSessionEnd } from '../admin/session.ts';

type Part = { label: string; amount: string; rule: 'days' | 'date'; dueAfterDays: string; dueOn: string };
const newPart = (n: number): Part => ({
  label: `Part ${n}`,
  amount: '',
  rule: 'days',
  dueAfterDays: n === 1 ? '0' : String((n - 1) * 30),
  dueOn: '',
});
const EMPTY = { slug: '', name: '', programme: '', description: '', registrationFeeOption: '' };

/** "New plan": name, programme, the registration fee that comes first, and its parts (fixed once saved). */
export function PlanForm({ onCreated }: { onCreated: (plan: PlanDto) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [parts, setParts] = useState<Part[]>([newPart(1)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const setPart = (i: number, key: keyof Part, value: string) => setParts((ps) => ps.map((p, j) => (j === i ? { ...p, [key]: value } : p)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const body = {
        ...values,
        parts: parts.map((p) => ({
          label: p.label,
          amount: p.amount,
          ...(p.rule === 'days' ? { dueAfterDays: p.dueAfterDays } : { dueOn: p.dueOn }),
        })),
      };
      const answer = await api<{ plan: PlanDto }>('/admin/plans', { body });
      toast.success(`Plan ${answer.plan.name} created`);
      setValues(EMPTY);
      setParts([newPart(1)]);
      onCreated(answer.plan);
    } catch (failure) {
      if (handleSessionEnd(failure)) return;
      if (failure instanceof ApiError) setErrors(failure.fieldErrors());
      toast.error(errorText(failure, 'The plan could not be created'));
    } finally {
      setBusy(false);
    }
  }

  const partError = (i: number, key: string) => errors[`parts.${i}.${key}`];
  return (
    <form className="plan-form card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="new-plan">
      <h2 id="new-plan">New plan</h2>
      <Field label="Name" required error={errors['name']}>
        <input value={values.name} onChange={set('name')} maxLength={120} />
      </Field>
      <Field label="Slug" required error={errors['slug']} hint="Lower-case letters, digits and dashes, e.g. aspiraadmit-2027.">
        <input value={values.slug} onChange={set('slug')} maxLength={60} />
      </Field>
      <Field label="Programme" required error={errors['programme']}>
        <input value={values.programme} onChange={set('programme')} maxLength={120} />
      </Field>
      <Field label="Description" error={errors['description']}>
        <textarea value={values.description} onChange={set('description')} maxLength={2000} rows={2} />
      </Field>
      <Field label="Registration fee paid first" error={errors['registrationFeeOption']}>
        <select value={values.registrationFeeOption} onChange={set('registrationFeeOption')}>
          <option value="">None</option>
          {PLAN_FEE_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {programmeLabel(o)}
            </option>
          ))}
        </select>
      </Field>
      {parts.map((part, i) => (
        <fieldset key={i}>
          <legend>Part {i + 1}</legend>
          <div className="plan-form-part">
            <Field label="Label" required error={partError(i, 'label')}>
              <input value={part.label} onChange={(e) => setPart(i, 'label', e.target.value)} maxLength={80} />
            </Field>
            <Field label="Amount (₹)" required error={partError(i, 'amount')}>
              <input inputMode="decimal" value={part.amount} onChange={(e) => setPart(i, 'amount', e.target.value)} />
            </Field>
            <Field label="Due" required>
              <select value={part.rule} onChange={(e) => setPart(i, 'rule', e.target.value)}>
                <option value="days">Days after enrolment</option>
                <option value="date">On a fixed date</option>
              </select>
            </Field>
            {part.rule === 'days' ? (
              <Field label="Days after enrolment" required error={partError(i, 'dueAfterDays')}>
                <input inputMode="numeric" value={part.dueAfterDays} onChange={(e) => setPart(i, 'dueAfterDays', e.target.value)} />
              </Field>
            ) : (
              <Field label="Due date" required error={partError(i, 'dueOn') ?? partError(i, 'dueAfterDays')}>
                <input type="date" value={part.dueOn} onChange={(e) => setPart(i, 'dueOn', e.target.value)} />
              </Field>
            )}
          </div>
          {parts.length > 1 ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setParts((ps) => ps.filter((_, j) => j !== i))}>
              Remove part {i + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      {errors['parts'] ? (
        <p className="field-error" role="alert">
          {errors['parts']}
        </p>
      ) : null}
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setParts((ps) => [...ps, newPart(ps.length + 1)])}
          disabled={parts.length >= 24}
        >
          Add a part
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Create plan'}
        </button>
      </div>
    </form>
  );
}
