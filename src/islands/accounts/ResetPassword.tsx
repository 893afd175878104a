import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { resetPasswordSchema } from '../../shared/account.ts';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../shared/password.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { useForm } from '../ui/useForm.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { PATHS, tokenFromUrl, type AccountRole } from './paths.ts';
import './account.css';

const NO_STRENGTH_PERSON = {};

/**
 * /reset-password and /admin/reset-password (from the emailed link): a new password with the
 * strength meter and the signup rules; then log in again (every session has ended). On
 * /reset-password the form is the page's HTML until the visitor acts (client:interaction).
 */
export default function ResetPassword({ role }: { role: AccountRole }) {
  const form = useForm(resetPasswordSchema, { token: '', password: '' });

  // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount: the token comes from the address
  useEffect(() => form.setField('token', tokenFromUrl()), []);

  const submit = form.handleSubmit(async (data) => {
    const answer = await api<{ message: string }>(`/${role}/reset-password`, { body: data });
    setFlash({ kind: 'success', message: answer.message });
    location.assign(PATHS[role].login);
  }, 'Could not change the password. Please try again.');

  // A bad link is the form's problem, not the password field's: say it with the way out.
  const linkProblem = form.errors['token'] ?? (form.generalError?.includes('link') ? form.generalError : null);
  return (
    <form
      {...form.formProps}
      className={role === 'admin' ? 'admin-form' : 'auth-form'}
      onSubmit={submit}
      noValidate
      aria-label="Choose a new password"
    >
      {linkProblem ? (
        <div className="form-error" role="alert">
          <p>{linkProblem}</p>
          <p>
            <a href={PATHS[role].forgot}>Ask for a new link</a>
          </p>
        </div>
      ) : (
        <FormError message={form.generalError} />
      )}
      <Field label="New password" error={form.errors['password']} hint={PASSWORD_HINT} required>
        <PasswordInput {...form.bind('password')} autoComplete="new-password" maxLength={PASSWORD_MAX} strength={NO_STRENGTH_PERSON} />
      </Field>
      <SubmitButton submitting={form.submitting} busyLabel="Saving..." className="btn btn-primary btn-block">
        Set new password
      </SubmitButton>
      <p className="account-form-links">
        <a href={PATHS[role].login}>Back to log in</a>
      </p>
    </form>
  );
}
