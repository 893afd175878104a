import { api, errorText } from '../../lib/api.ts';
import { adminSignupFormSchema, SIGNUP_ANSWER } from '../../shared/account.ts';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../shared/password.ts';
import { PasswordInput } from '../accounts/PasswordInput.tsx';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { setFlash } from '../../lib/flash.ts';
import { LOGIN_PATH } from './session.ts';
import './admin.css';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', inviteCode: '' };
const FALLBACK = 'Admin signup failed';

/** /admin/signup: firstName (optional), lastName, email, password and the invite code. */
export default function AdminSignup() {
  const form = useForm(adminSignupFormSchema, EMPTY);
  const { bind, errors } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      await api<{ message: string }>('/admin/signup', { body: data });
      // An admin confirms the email before the first login (the same answer for a taken email).
      setFlash({ kind: 'success', message: SIGNUP_ANSWER });
      window.location.assign(LOGIN_PATH);
    } catch (error) {
      toast.error(errorText(error, FALLBACK));
      throw error;
    }
  }, FALLBACK);

  return (
    <>
      <Toasts />
      <form className="admin-form" noValidate onSubmit={submit} aria-label="Admin signup">
        <FormError message={form.generalError} />
        <Field label="First name" error={errors.firstName}>
          <input {...bind('firstName')} type="text" autoComplete="given-name" maxLength={100} />
        </Field>
        <Field label="Last name" error={errors.lastName} required>
          <input {...bind('lastName')} type="text" autoComplete="family-name" maxLength={100} />
        </Field>
        <Field label="Email" error={errors.email} required>
          <input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
        </Field>
        <Field label="Password" error={errors.password} required hint={PASSWORD_HINT}>
          <PasswordInput
            {...bind('password')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            strength={{ email: form.values.email, firstName: form.values.firstName, lastName: form.values.lastName }}
          />
        </Field>
        <Field
          label="Invite code"
          error={errors.inviteCode}
          required
          hint="Ask an owner for the invite code. You join as a counsellor (leads); an owner can give you more."
        >
          <input {...bind('inviteCode')} type="password" autoComplete="off" maxLength={200} />
        </Field>
        <SubmitButton submitting={form.submitting} busyLabel="Signing up..." className="btn btn-primary btn-block">
          Sign up
        </SubmitButton>
        <p className="muted" style={{ marginTop: 'var(--s-4)' }}>
          Already an admin? <a href={LOGIN_PATH}>Log in</a>
        </p>
      </form>
    </>
  );
}
