/**
 * /privacy-request: ask for a copy, a correction or an erasure without an account (DPDP Act
 * ss.11-13); /privacy-request?t=… confirms it from the emailed link.
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { HONEYPOT } from '../../shared/leads.ts';
import { PROMISED_DAYS, RIGHTS_KINDS, rightsRequestSchema, type RightsKind } from '../../shared/rights-requests.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { Honeypot } from '../leads/parts.tsx';
import './notice.css';
import '../ui/form-parts.css';

export default function RightsRequest() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('t'));
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm(rightsRequestSchema, { email: '', kind: 'export' as RightsKind, details: '', [HONEYPOT]: '' });

  useEffect(() => {
    if (!token) return;
    api<{ message: string }>('/privacy/request/confirm', { body: { token } })
      .then((answer) => setDone(answer.message))
      .catch((error) => setProblem(errorText(error, 'This link is not valid.')));
  }, [token]);

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<{ message: string }>('/privacy/request', { body: data });
    setDone(answer.message);
  }, 'The request could not be sent. Please try again.');

  if (problem)
    return (
      <p className="card" role="alert">
        {problem} <a href="/privacy-request">Ask again</a>
      </p>
    );
  if (done)
    return (
      <p className="card" role="status">
        {done}
      </p>
    );
  if (token) return <p role="status">Confirming...</p>;
  return (
    <form className="card lead-form privacy-request-form" onSubmit={submit} noValidate aria-label="Privacy request">
      <Toasts />
      <p className="muted">
        No account needed. We email a link to prove the address is yours; once you confirm, we answer within {PROMISED_DAYS} days.
      </p>
      <FormError message={form.generalError} />
      <Field label="Your email (the one you used with us)" error={form.errors['email']} required>
        <input {...form.bind('email')} type="email" autoComplete="email" maxLength={254} />
      </Field>
      <Field label="What you are asking for" error={form.errors['kind']} required>
        <select {...form.bind('kind')}>
          {(Object.keys(RIGHTS_KINDS) as RightsKind[]).map((k) => (
            <option key={k} value={k}>
              {RIGHTS_KINDS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Details" hint="For a correction: what is wrong and what it should be" error={form.errors['details']}>
        <textarea {...form.bind('details')} rows={3} maxLength={2000} />
      </Field>
      <Honeypot value={String(form.values[HONEYPOT] ?? '')} onChange={(v) => form.setField(HONEYPOT, v)} />
      <SubmitButton submitting={form.submitting}>Send the request</SubmitButton>
    </form>
  );
}
