import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { HONEYPOT, scholarshipSchema } from '../../shared/leads.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { WhatsAppOptIn } from '../ui/WhatsAppOptIn.tsx';
import { AgeAndNotice, guardianCheck } from '../ui/AgeAndNotice.tsx';
import { UNDER_AGE_EMPTY } from '../../shared/minors.ts';
import { Toasts, toast, toastFieldProblem } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { Honeypot, LEAD_ACTION, toastSendError, useTracking, withTracking } from './parts.tsx';
import '../ui/form-parts.css';

const EMPTY = { name: '', email: '', phone: '', institute: '', message: '', [HONEYPOT]: '', whatsapp: false, ...UNDER_AGE_EMPTY };

/**
 * /scholarship: name, email, phone, institute, message, all required. Success sets the submitted
 * state and clears the fields; server errors go under the field they name (docs/product.md, States), a
 * string error is a general error, no answer at all reads "Something went wrong. Please try again."
 */
export default function ScholarshipForm() {
  const [submitted, setSubmitted] = useState<string | null>(null);
  const form = useForm(scholarshipSchema, EMPTY, { check: guardianCheck });
  useTracking();
  const { bind, errors } = form;

  const submit = form.handleSubmit(
    async (data) => {
      setSubmitted(null);
      try {
        const answer = await api<{ message: string }>('/user/scholarship', { body: withTracking(data) });
        toast.success(answer.message);
        setSubmitted(answer.message);
        form.reset();
      } catch (error) {
        toastSendError(error, 'Something went wrong. Please try again.');
        throw error;
      }
    },
    'Something went wrong. Please try again.',
    toastFieldProblem,
  );

  return (
    <>
      <Toasts />
      {submitted ? (
        <div className="lead-done" role="status">
          <h2>Application received</h2>
          <p>{submitted}</p>
        </div>
      ) : null}
      <form
        {...form.formProps}
        action={LEAD_ACTION.scholarship}
        className="lead-form"
        noValidate
        onSubmit={submit}
        aria-label="Scholarship application"
      >
        <FormError message={form.generalError} />
        <div className="lead-grid">
          <Field label="Name" error={errors.name} required>
            <input {...bind('name')} type="text" autoComplete="name" maxLength={100} />
          </Field>
          <Field label="Email" error={errors.email} required>
            <input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
          </Field>
          <Field label="Phone" error={errors.phone} required hint="A 10-digit mobile number, or + and the country code">
            <input {...bind('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={30} />
          </Field>
          <Field label="Institute" error={errors.institute} required>
            <input {...bind('institute')} type="text" autoComplete="organization" maxLength={200} />
          </Field>
          <Field label="Message" error={errors.message} required className="lead-wide" hint="Why should you get the scholarship?">
            <textarea {...bind('message')} rows={6} maxLength={3000} />
          </Field>
        </div>
        <Honeypot value={String(form.values[HONEYPOT] ?? '')} onChange={(v) => form.setField(HONEYPOT, v)} />
        <WhatsAppOptIn
          language={noticeLanguageOf(form.values)}
          id="scholarship-form-whatsapp"
          child={form.values.under18 === true}
          value={form.values.whatsapp}
          onChange={(v) => form.setField('whatsapp', v)}
        />
        <AgeAndNotice form={form} />
        <SubmitButton submitting={form.submitting}>{SUBMIT_WORDS.scholarship[noticeLanguageOf(form.values)]}</SubmitButton>
      </form>
    </>
  );
}
