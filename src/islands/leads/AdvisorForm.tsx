import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { advisorSchema, HONEYPOT, LEAD_MESSAGES, PROGRAMMES } from '../../shared/leads.ts';
import { Field, FieldIdBase, FormError, SubmitButton } from '../ui/Field.tsx';
import { WhatsAppOptIn } from '../ui/WhatsAppOptIn.tsx';
import { AgeAndNotice, guardianCheck } from '../ui/AgeAndNotice.tsx';
import { UNDER_AGE_EMPTY } from '../../shared/minors.ts';
import { useForm } from '../ui/useForm.ts';
import { Honeypot, IndianPhoneInput, LEAD_ACTION, useTracking, withTracking } from './parts.tsx';

type Props = { source?: 'advisor' | 'popup' };

/**
 * The advisor callback form: in the Contact Us dialog on every page, and as the /popup page.
 * Success replaces the form with "We will connect you shortly!"; errors are shown, never swallowed.
 */
export default function AdvisorForm({ source = 'advisor' }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const form = useForm(
    advisorSchema,
    { source, Name: '', Number: '', email: '', programme: '', [HONEYPOT]: '', whatsapp: false, ...UNDER_AGE_EMPTY },
    { check: guardianCheck },
  );
  useTracking();
  const { bind, errors, ready } = form;

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<{ message: string }>('/user/contactus', { body: withTracking(data) });
    setDone(answer.message || LEAD_MESSAGES.advisor);
    form.reset();
  }, 'Something went wrong. Please try again.');

  if (done) {
    return (
      <div className="lead-done" role="status" data-ready={ready || undefined}>
        <p>
          <strong>{done}</strong>
        </p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDone(null)}>
          Send another request
        </button>
      </div>
    );
  }

  return (
    // Ids from the field names: the form on every page is hydrated outside an island (AdvisorMount.astro).
    <FieldIdBase.Provider value={`${source}-form`}>
      <form
        {...form.formProps}
        action={LEAD_ACTION.contact}
        className="lead-form"
        noValidate
        onSubmit={submit}
        aria-label="Request a call from an advisor"
      >
        <input type="hidden" name="source" value={source} />
        <FormError message={form.generalError} />
        <Field label="Name" error={errors.Name} required>
          <input {...bind('Name')} type="text" autoComplete="name" maxLength={100} />
        </Field>
        <Field label="Number" error={errors.Number} required>
          <IndianPhoneInput {...bind('Number')} maxLength={30} placeholder="10-digit mobile number" />
        </Field>
        <Field label="Email" error={errors.email} required>
          <input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
        </Field>
        <Field label="Program" error={errors.programme}>
          <select {...bind('programme')}>
            <option value="">Select Program</option>
            {PROGRAMMES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Honeypot value={String(form.values[HONEYPOT] ?? '')} onChange={(v) => form.setField(HONEYPOT, v)} />
        <WhatsAppOptIn
          language={noticeLanguageOf(form.values)}
          id={`${source}-form-whatsapp`}
          child={form.values.under18 === true}
          value={form.values.whatsapp}
          onChange={(v) => form.setField('whatsapp', v)}
        />
        <AgeAndNotice form={form} />
        <SubmitButton submitting={form.submitting} className="btn btn-primary btn-block">
          {SUBMIT_WORDS.advisor[noticeLanguageOf(form.values)]}
        </SubmitButton>
      </form>
    </FieldIdBase.Provider>
  );
}
