import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { changePasswordSchema } from '../../shared/account.ts';
import { PASSWORD_HINT, PASSWORD_MAX, personalProblem } from '../../shared/password.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleExpired, requireLogin } from './guard.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { loadProfile, type Profile } from './profile.ts';
import { WhatsAppSettings } from '../messaging/WhatsAppSettings.tsx';

/**
 * /settings, "Change password" and the WhatsApp choice (the page shows the learner's details and Log out itself). The form
 * is the page's HTML until the visitor acts (client:interaction); what they typed by then is kept.
 */
export default function Settings() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const form = useForm(changePasswordSchema, { currentPassword: '', newPassword: '' });

  useEffect(() => {
    if (!requireLogin()) return;
    void loadProfile().then((loaded) => (loaded ? setProfile(loaded) : toast.error('Your details could not be loaded. Please try again.')));
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

  return (
    <>
      <section className="card settings-card" aria-labelledby="password-heading">
        <Toasts />
        <h2 id="password-heading">Change password</h2>
        <form {...form.formProps} className="auth-form" onSubmit={submit} noValidate>
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
          <SubmitButton submitting={form.submitting} busyLabel="Saving...">
            Change password
          </SubmitButton>
        </form>
      </section>
      <WhatsAppSettings onExpired={handleExpired} />
    </>
  );
}
