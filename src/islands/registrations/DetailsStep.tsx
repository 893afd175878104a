import { Field, FormError } from '../ui/Field.tsx';
import { ConsentNotice } from '../ui/ConsentNotice.tsx';
import { WhatsAppOptIn } from '../ui/WhatsAppOptIn.tsx';
import { DateOfBirthField, GuardianFields } from '../ui/GuardianFields.tsx';
import { isMinorDateOfBirth } from '../../shared/minors.ts';
import { noticeLanguageOf } from '../../shared/consent-words.ts';
import type { RegistrationFlow } from './useRegistration.ts';
import '../ui/form-parts.css';

/** Step 2: the applicant's details (read-only once registered). */
export function DetailsStep({ flow }: { flow: RegistrationFlow }) {
  const { form, registered } = flow;
  const bind = (name: Parameters<typeof form.bind>[0]) => ({ ...form.bind(name), readOnly: registered || undefined });
  const error = (name: string) => form.errors[name];
  const language = noticeLanguageOf(form.values);
  return (
    <fieldset className="reg-step card">
      <legend className="reg-legend">
        <span className="reg-step-no" aria-hidden="true">
          2
        </span>{' '}
        Your details
      </legend>
      <div className="reg-grid">
        <Field label="Full name" error={error('name')} required>
          <input {...bind('name')} type="text" autoComplete="name" maxLength={100} />
        </Field>
        <Field label="Phone" error={error('phone')} required>
          <input {...bind('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
        </Field>
        <DateOfBirthField bind={bind} errors={form.errors} />
        <Field label="Father's name" error={error('fatherName')} required>
          <input {...bind('fatherName')} type="text" maxLength={100} />
        </Field>
        <Field label="Qualification" error={error('qualification')}>
          <input {...bind('qualification')} type="text" maxLength={200} placeholder="e.g. B.Com, 12th pass" />
        </Field>
        <Field label="High school %" error={error('highschool')} required>
          <input {...bind('highschool')} type="text" inputMode="decimal" maxLength={6} placeholder="e.g. 78.5" />
        </Field>
        <Field label="University %" error={error('university')}>
          <input {...bind('university')} type="text" inputMode="decimal" maxLength={6} placeholder="e.g. 68" />
        </Field>
      </div>
      <Field label="Statement of purpose" error={error('sop')}>
        <textarea {...bind('sop')} rows={3} maxLength={5000} />
      </Field>
      <Field label="Work experience" error={error('experience')}>
        <textarea {...bind('experience')} rows={2} maxLength={2000} />
      </Field>
      <Field label="Why do you want to join?" error={error('motivation')} required>
        <textarea {...bind('motivation')} rows={3} maxLength={5000} />
      </Field>
      {isMinorDateOfBirth(form.values.dateOfBirth) ? <GuardianFields bind={bind} errors={form.errors} language={language} /> : null}
      <FormError message={form.generalError} />
      {registered ? null : (
        <WhatsAppOptIn
          id="registration-whatsapp"
          language={language}
          child={isMinorDateOfBirth(form.values.dateOfBirth)}
          value={(form.values as { whatsapp?: unknown }).whatsapp}
          onChange={(v) => form.setField('whatsapp', v)}
        />
      )}
      {registered ? null : <ConsentNotice language={language} onLanguage={(language) => form.setField('noticeLanguage', language)} />}
    </fieldset>
  );
}
