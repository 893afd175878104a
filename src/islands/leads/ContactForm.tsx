import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { contactSchema, HONEYPOT } from '../../shared/leads.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { WhatsAppOptIn } from '../ui/WhatsAppOptIn.tsx';
import { AgeAndNotice, guardianCheck } from '../ui/AgeAndNotice.tsx';
import { UNDER_AGE_EMPTY } from '../../shared/minors.ts';
import { Toasts, toast, toastFieldProblem } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { Honeypot, LEAD_ACTION, toastSendError, useTracking, withTracking } from './parts.tsx';
import '../ui/form-parts.css';

/** /contactus: Name (optional), Number, Email, Comments. Success: a toast and a thank-you state. */
export default function ContactForm() {
  const [thanks, setThanks] = useState<string | null>(null);
  const form = useForm(
    contactSchema,
    { source: 'contact', Name: '', Number: '', email: '', comments: '', [HONEYPOT]: '', whatsapp: false, ...UNDER_AGE_EMPTY },
    { check: guardianCheck },
  );
  useTracking();
  const { bind, errors, ready } = form;

  const submit = form.handleSubmit(
    async (data) => {
      try {
        const answer = await api<{ message: string }>('/user/contactus', { body: withTracking(data) });
        toast.success(answer.message);
        setThanks(answer.message);
        form.reset();
      } catch (error) {
        toastSendError(error, 'Submission failed');
        throw error;
      }
    },
    'Submission failed',
    toastFieldProblem,
  );

  return (
    <>
      <Toasts />
      {thanks ? (
        <div className="lead-done" role="status" tabIndex={-1} ref={(el) => el?.focus()} data-ready={ready || undefined}>
          <h2>Thank you!</h2>
          <p>{thanks}</p>
          <p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setThanks(null)}>
              Send another message
            </button>{' '}
            <a className="btn btn-ghost btn-sm" href="/">
              Back to home
            </a>
          </p>
        </div>
      ) : (
        <form {...form.formProps} action={LEAD_ACTION.contact} className="lead-form" noValidate onSubmit={submit} aria-label="Contact us">
          <FormError message={form.generalError} />
          <Field label="Name" error={errors.Name}>
            <input {...bind('Name')} type="text" autoComplete="name" maxLength={100} />
          </Field>
          <Field label="Number" error={errors.Number} required hint="A 10-digit mobile number, or + and the country code">
            <input {...bind('Number')} type="tel" inputMode="tel" autoComplete="tel" maxLength={30} />
          </Field>
          <Field label="Email" error={errors.email} required>
            <input {...bind('email')} type="text" inputMode="email" autoComplete="email" maxLength={254} />
          </Field>
          <Field label="Comments" error={errors.comments} required>
            <textarea {...bind('comments')} rows={5} maxLength={2000} />
          </Field>
          <Honeypot value={String(form.values[HONEYPOT] ?? '')} onChange={(v) => form.setField(HONEYPOT, v)} />
          <WhatsAppOptIn
            language={noticeLanguageOf(form.values)}
            id="contact-form-whatsapp"
            child={form.values.under18 === true}
            value={form.values.whatsapp}
            onChange={(v) => form.setField('whatsapp', v)}
          />
          <AgeAndNotice form={form} />
          <SubmitButton submitting={form.submitting}>{SUBMIT_WORDS.contact[noticeLanguageOf(form.values)]}</SubmitButton>
        </form>
      )}
    </>
  );
}
