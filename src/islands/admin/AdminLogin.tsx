import { api, errorText } from '../../lib/api.ts';
import { safeNext, session, type DisplayAdmin } from '../../lib/session.ts';
import { loginSchema } from '../../shared/account.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { setFlash } from '../../lib/flash.ts';
import { useFlash } from '../ui/useFlash.ts';
import { adminHome, adminMe } from './me.ts';
import './admin.css';

const FALLBACK = 'Admin login failed';

/**
 * /admin/login: email and password; success stores the display record and opens the dashboard (a
 * faculty member's batches), or ?next=.
 */
export default function AdminLogin() {
  useFlash();
  const form = useForm(loginSchema, { email: '', password: '' });
  const { bind, errors } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      // The token also arrives as an HttpOnly cookie; the browser keeps only the display record.
      const answer = await api<{ message: string; admin: DisplayAdmin }>('/admin/login', { body: data });
      // The role too, so the first screen shows the owner's sections from its first paint.
      const me = await adminMe();
      session.setAdmin(me ? { ...answer.admin, adminRole: me.adminRole } : answer.admin);
      setFlash({ kind: 'success', message: answer.message });
      // ?next= may only lead to another admin page of this site; faculty start on their batches.
      window.location.assign(safeNext(new URLSearchParams(location.search).get('next'), adminHome(me?.adminRole), '/admin/'));
    } catch (error) {
      toast.error(errorText(error, FALLBACK));
      throw error;
    }
  }, FALLBACK);

  return (
    <>
      <Toasts />
      <form className="admin-form" noValidate onSubmit={submit} aria-label="Admin login">
        <FormError message={form.generalError} />
        <Field label="Email" error={errors.email} required>
          <input {...bind('email')} type="email" autoComplete="username" maxLength={254} />
        </Field>
        <Field label="Password" error={errors.password} required>
          <input {...bind('password')} type="password" autoComplete="current-password" maxLength={128} />
        </Field>
        <SubmitButton submitting={form.submitting} busyLabel="Logging in..." className="btn btn-primary btn-block">
          Log in
        </SubmitButton>
        <p className="muted" style={{ marginTop: 'var(--s-4)' }}>
          <a href="/admin/forgot-password">Forgot password?</a>
        </p>
        <p className="muted">
          New admin with an invite code? <a href="/admin/signup">Sign up</a>
        </p>
      </form>
    </>
  );
}
