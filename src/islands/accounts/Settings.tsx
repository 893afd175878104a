import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { changePasswordSchema } from '../../shared/account.ts';
import { PASSWORD_HINT, PASSWORD_MAX, personalProblem } from '../../shared/password.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleExpired, requireLogin } from './guard.ts';
import { LABELS } from '../shop/labels.ts';
import { logOut } from './logout.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { WhatsAppSettings } from '../messaging/WhatsAppSettings.tsx';

type Profile = { _id: string; email: string; firstName: string; lastName: string };

/** /settings: who is logged in, change password, log out. */
export default function Settings() {
  const hydrated = useHydrated();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const form = useForm(changePasswordSchema, { currentPassword: '', newPassword: '' });

  useEffect(() => {
    if (!requireLogin()) return;
    api<{ user: Profile }>('/user/me')
      .then(({ user }) => setProfile(user))
      .catch((error: unknown) => {
        if (!handleExpired(error)) toast.error('Your details could not be loaded. Please try again.');
      });
  }, []);

  const submit = form.handleSubmit(async (data) => {
    // The schema does not know who is logged in; the name/email rule is checked here (and by the server).
    const personal = profile ? personalProblem(data.newPassword, profile) : null;
    if (personal) {
      form.setErrors({ newPassword: personal });
      return;
    }
    try {
      await api('/user/password', { body: data });
    } catch (error) {
      if (handleExpired(error)) return;
      throw error;
    }
    form.reset();
    toast.success('Password changed');
  }, 'The password could not be changed. Please try again.');

  async function onLogout() {
    setLoggingOut(true);
    const error = await logOut();
    setLoggingOut(false);
    if (error) toast.error(error);
    else location.assign('/login');
  }

  return (
    <>
      <Toasts />
      <section className="card settings-card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Your details</h2>
        {profile ? (
          <dl className="settings-profile">
            <div>
              <dt>Name</dt>
              <dd>{[profile.firstName, profile.lastName].filter(Boolean).join(' ')}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{profile.email}</dd>
            </div>
          </dl>
        ) : (
          <p role="status">{LABELS.loading}</p>
        )}
      </section>

      <section className="card settings-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <form className="auth-form" onSubmit={submit} noValidate>
          <FormError message={form.generalError} />
          <Field label="Current password" error={form.errors['currentPassword']} required>
            <PasswordInput {...form.bind('currentPassword')} autoComplete="current-password" />
          </Field>
          <Field
            label="New password"
            error={form.errors['newPassword']}
            hint={`${PASSWORD_HINT} You will stay logged in here and be logged out everywhere else.`}
            required
          >
            <PasswordInput {...form.bind('newPassword')} autoComplete="new-password" maxLength={PASSWORD_MAX} strength={profile ?? {}} />
          </Field>
          <SubmitButton disabled={!hydrated} submitting={form.submitting} busyLabel="Saving...">
            Change password
          </SubmitButton>
        </form>
      </section>

      <WhatsAppSettings onExpired={handleExpired} />

      <section className="card settings-card" aria-labelledby="logout-heading">
        <h2 id="logout-heading">Log out</h2>
        <p className="muted">Log out of Aspira on this device.</p>
        <button type="button" className="btn btn-secondary" onClick={() => void onLogout()} disabled={loggingOut}>
          {loggingOut ? 'Logging out...' : 'Log out'}
        </button>
      </section>
    </>
  );
}
