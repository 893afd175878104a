import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { userSignupSchema } from '../../shared/account.ts';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../shared/password.ts';
import { AgeAndNotice, guardianCheck } from '../ui/AgeAndNotice.tsx';
import { UNDER_AGE_EMPTY } from '../../shared/minors.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { setFlash } from '../../lib/flash.ts';
import { LABELS } from '../shop/labels.ts';
import { PasswordInput } from './PasswordInput.tsx';
import '../ui/form-parts.css';

/**
 * /signup: a learner account; then /login with the email filled in and the same ?next=. The
 * answer is the same for a taken email ("check your email"): the inbox tells the rest.
 * The form is the page's HTML until the visitor acts (client:interaction); what they typed by then
 * is kept, and a submit is held until the form is alive.
 */
export default function SignupForm() {
  const form = useForm(
    userSignupSchema,
    { firstName: '', lastName: '', email: '', password: '', ...UNDER_AGE_EMPTY },
    { check: guardianCheck },
  );
  const [loginHref, setLoginHref] = useState('/login');
  useEffect(() => {
    const next = new URLSearchParams(location.search).get('next');
    if (next) setLoginHref(`/login?next=${encodeURIComponent(next)}`);
  }, []);

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<{ message: string; user: { email: string } }>('/user/signup', { body: data });
    setFlash({ kind: 'success', message: answer.message });
    const params = new URLSearchParams({ email: answer.user.email });
    const next = new URLSearchParams(location.search).get('next');
    if (next) params.set('next', next);
    location.assign(`/login?${params.toString()}`);
  }, LABELS.signupFailed);

  return (
    <>
      <Toasts />
      <form {...form.formProps} className="auth-form" onSubmit={submit} noValidate aria-label="Create your account">
        <FormError message={form.generalError} />
        <div className="auth-names">
          <Field label="First name" error={form.errors['firstName']} required>
            <input {...form.bind('firstName')} autoComplete="given-name" maxLength={100} />
          </Field>
          <Field label="Last name" error={form.errors['lastName']} required>
            <input {...form.bind('lastName')} autoComplete="family-name" maxLength={100} />
          </Field>
        </div>
        <Field label="Email" error={form.errors['email']} required>
          <input {...form.bind('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />
        </Field>
        <Field label="Password" error={form.errors['password']} hint={PASSWORD_HINT} required>
          <PasswordInput
            {...form.bind('password')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            strength={{
              email: String(form.values.email),
              firstName: String(form.values.firstName),
              lastName: String(form.values.lastName),
            }}
          />
        </Field>
        <AgeAndNotice form={form} />
        <SubmitButton submitting={form.submitting} busyLabel="Creating account..." className="btn btn-primary btn-block">
          {SUBMIT_WORDS.signup[noticeLanguageOf(form.values)]}
        </SubmitButton>
        <p className="auth-switch">
          Already have an account? <a href={loginHref}>Log in</a>
        </p>
      </form>
    </>
  );
}
