import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { safeNext, session } from '../../lib/session.ts';
import { loginSchema, type DisplayUser } from '../../shared/account.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { useForm } from '../ui/useForm.ts';
import { LABELS } from '../shop/labels.ts';
import { PasswordInput } from './PasswordInput.tsx';

type LoginAnswer = { message: string; user: DisplayUser; token: string };

/**
 * /login: email + password; afterwards back to where the visitor was going (?next=), else /courses.
 * The form is the page's HTML until the visitor acts (client:interaction); what they typed by then
 * is kept, and a submit is held until the form is alive.
 */
export default function LoginForm() {
  const form = useForm(loginSchema, { email: '', password: '' });
  const [signupHref, setSignupHref] = useState('/signup');
  const email = String(form.values.email ?? '').trim();
  const forgotHref = email ? `/forgot-password?email=${encodeURIComponent(email)}` : '/forgot-password';
  useFlash();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const email = params.get('email');
    if (email) form.setField('email', email);
    const next = params.get('next');
    if (next) setSignupHref(`/signup?next=${encodeURIComponent(next)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount: the address fills the field and the signup link
  }, []);

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<LoginAnswer>('/user/login', { body: data });
    session.setUser(answer.user);
    location.assign(safeNext(new URLSearchParams(location.search).get('next')));
  }, LABELS.loginFailed);

  return (
    <>
      <Toasts />
      <form {...form.formProps} className="auth-form" onSubmit={submit} noValidate aria-label="Log in">
        <FormError message={form.generalError} />
        <Field label="Email" error={form.errors['email']} required>
          <input {...form.bind('email')} type="email" autoComplete="email" inputMode="email" />
        </Field>
        <Field label="Password" error={form.errors['password']} required>
          <PasswordInput {...form.bind('password')} autoComplete="current-password" />
        </Field>
        <SubmitButton submitting={form.submitting} busyLabel="Logging in..." className="btn btn-primary btn-block">
          Log in
        </SubmitButton>
        <p className="auth-switch">
          <a href={forgotHref}>Forgot password?</a>
        </p>
        <p className="auth-switch">
          New to Aspira? <a href={signupHref}>Create an account</a>
        </p>
      </form>
    </>
  );
}
