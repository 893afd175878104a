import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { session } from '../../lib/session.ts';
import { deleteAccountSchema, type ErasureAnswer } from '../../shared/privacy.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { PasswordInput } from '../accounts/PasswordInput.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { ReadyMark } from '../ui/useHydrated.ts';
import { useForm } from '../ui/useForm.ts';
import { exportFileName, saveJson } from './download.ts';
import './privacy.css';

/**
 * /settings: "Download my data" and "Delete my account" (DPDP Act). HTML until the visitor acts
 * (client:interaction): a button pressed before then is pressed again once this is alive.
 */
export default function PrivacyRights() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm(deleteAccountSchema, { password: '' });

  async function download() {
    if (!requireLogin()) return;
    setDownloading(true);
    try {
      saveJson(await api('/user/privacy/export'), exportFileName('aspira-my-data'));
      toast.success('Your data was downloaded');
    } catch (error) {
      if (!handleExpired(error)) toast.error(errorText(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  const remove = form.handleSubmit(async (data) => {
    try {
      const answer = await api<ErasureAnswer>('/user/privacy/delete', { body: data });
      session.clearUser();
      setFlash({ kind: 'success', message: answer.message });
      location.assign('/login');
    } catch (error) {
      if (handleExpired(error)) return;
      throw error;
    }
  }, 'Your account could not be deleted. Please try again.');

  return (
    <>
      <Toasts />
      <ReadyMark />
      <section className="card settings-card" aria-labelledby="privacy-download-heading">
        <h2 id="privacy-download-heading">Download my data</h2>
        <p className="muted">
          One file (JSON) with everything we hold about you: your account, enquiries and applications, registrations, payments, course
          orders, consents and the emails we sent you.
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading || undefined}
        >
          {downloading ? 'Preparing...' : 'Download my data'}
        </button>
      </section>

      <section className="card settings-card" aria-labelledby="privacy-delete-heading">
        <h2 id="privacy-delete-heading">Delete my account</h2>
        <p className="muted">
          We erase your account and the personal data we hold about you, and log you out everywhere. Payment records stay, with your name,
          because tax law requires them. This cannot be undone.
        </p>
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </section>

      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Delete your account?">
        <form className="auth-form" onSubmit={remove} noValidate>
          <p>
            Your account, enquiries, applications, registrations, consents and emails will be erased. Records of payments you made are kept
            for tax purposes. We will email you a confirmation.
          </p>
          <FormError message={form.generalError} />
          <Field label="Your password" error={form.errors['password']} hint="Enter your password to confirm it is you." required>
            <PasswordInput {...form.bind('password')} autoComplete="current-password" />
          </Field>
          <div className="privacy-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              Keep my account
            </button>
            <SubmitButton submitting={form.submitting} busyLabel="Deleting..." className="btn btn-danger">
              Delete my account
            </SubmitButton>
          </div>
        </form>
      </Dialog>
    </>
  );
}
