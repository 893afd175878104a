import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { forgotPasswordSchema } from '../../shared/account.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { useForm } from '../ui/useForm.ts';
import { PATHS, type AccountRole } from './paths.ts';
import './account.css';

/**
 * /forgot-password and /admin/forgot-password: asks for the email and shows the server's answer,
 * which is the same whether or not the address has an account. On /forgot-password the form is
 * the page's HTML until the visitor acts (client:interaction); what they typed by then is kept.
 */
export default function ForgotPassword({ role }: { role: AccountRole }) {
  const form = useForm(forgotPasswordSchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    const email = new URLSearchParams(location.search).get('email');
    if (email) form.setField('email', email);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount: the address fills the field
  }, []);

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<{ message: string }>(`/${role}/forgot-password`, { body: data });
    setSent(answer.message);
  }, 'Could not send the link. Please try again.');

  if (sent) {
    return (
      <div className="account-panel" role="status">
        <h2>Check your email</h2>
        <p>{sent}</p>
        <p className="muted">Nothing arrived? Look in your spam folder, or check the address and ask again.</p>
        <div className="account-actions">
          <a className="btn btn-primary" href={PATHS[role].login}>
            Back to log in
          </a>
          <button type="button" className="btn btn-secondary" onClick={() => setSent(null)}>
            Use another email
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      {...form.formProps}
      className={role === 'admin' ? 'admin-form' : 'auth-form'}
      onSubmit={submit}
      noValidate
      aria-label="Forgot password"
    >
      <FormError message={form.generalError} />
      <Field label="Email" error={form.errors['email']} required>
        <input {...form.bind('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />
      </Field>
      <SubmitButton submitting={form.submitting} busyLabel="Sending..." className="btn btn-primary btn-block">
        Send reset link
      </SubmitButton>
      <p className="account-form-links">
        <a href={PATHS[role].login}>Back to log in</a>
      </p>
    </form>
  );
}
