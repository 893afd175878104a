import { useEffect, useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { safeNext, session } from '../../lib/session.ts';
import type { DisplayUser } from '../../shared/account.ts';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { ReadyMark } from '../ui/useHydrated.ts';
import { PATHS, tokenFromUrl, type AccountRole } from './paths.ts';
import './account.css';

type State =
  | { kind: 'working' }
  | { kind: 'confirmed'; message: string }
  | { kind: 'failed'; message: string }
  /** A logged-in learner without a link: "confirm your email", with Resend. */
  | { kind: 'pending'; email: string }
  | { kind: 'logged-out' };

const next = () => safeNext(new URLSearchParams(location.search).get('next'));

/** Keeps the display record in step with the server, so account pages stop (or start) asking. */
function remember(user: DisplayUser | null, emailVerified: boolean) {
  if (user) session.setUser({ ...user, emailVerified });
}

/**
 * /verify-email?token=... (and /admin/verify-email): confirms the address, then links onward.
 * A logged-in learner sent here without a link (account pages do that until the email is
 * confirmed) sees only "confirm your email" and a Resend button.
 */
export default function VerifyEmail({ role }: { role: AccountRole }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const [resending, setResending] = useState(false);

  useEffect(() => {
    const token = tokenFromUrl();
    if (token) {
      api<{ message: string }>(`/${role}/verify-email`, { body: { token } })
        .then((answer) => {
          if (role === 'user') remember(session.user(), true);
          setState({ kind: 'confirmed', message: answer.message });
        })
        .catch((error: unknown) => setState({ kind: 'failed', message: errorText(error, 'Could not confirm your email address.') }));
      return;
    }
    if (role === 'admin') {
      setState({ kind: 'failed', message: 'This link is incomplete: open it from the email again.' });
      return;
    }
    checkLearner();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount: a link is confirmed once
  }, []);

  function checkLearner(manual = false) {
    const user = session.user();
    if (!user) {
      setState({ kind: 'logged-out' });
      return;
    }
    api<{ user: DisplayUser & { emailVerified: boolean } }>('/user/me')
      .then(({ user: me }) => {
        remember(user, me.emailVerified);
        if (me.emailVerified) location.replace(next());
        else {
          setState({ kind: 'pending', email: me.email });
          if (manual) toast.error('Your email address is not confirmed yet: open the link in the email we sent.');
        }
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          session.clearUser();
          setState({ kind: 'logged-out' });
        } else setState({ kind: 'failed', message: errorText(error, 'Could not check your account. Please reload the page.') });
      });
  }

  async function resend() {
    setResending(true);
    try {
      const answer = await api<{ message: string; alreadyConfirmed: boolean }>('/user/verify-email/resend', { method: 'POST' });
      if (answer.alreadyConfirmed) {
        remember(session.user(), true);
        location.replace(next());
        return;
      }
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorText(error, 'Could not send a new link. Please try again.'));
    } finally {
      setResending(false);
    }
  }

  /** Where to go once confirmed (only rendered in the browser: it reads location and the session). */
  const onward = () =>
    role === 'admin'
      ? { href: PATHS.admin.login, label: 'Log in to the admin' }
      : session.user()
        ? { href: next(), label: 'Continue' }
        : { href: `/login?next=${encodeURIComponent(next())}`, label: 'Log in' };

  return (
    <>
      <Toasts />
      <ReadyMark />
      {state.kind === 'working' ? (
        <p className="shop-state" role="status">
          Checking...
        </p>
      ) : state.kind === 'confirmed' ? (
        <div className="account-panel" role="status">
          <h2>Email address confirmed</h2>
          <p>{state.message}</p>
          <a className="btn btn-primary" href={onward().href}>
            {onward().label}
          </a>
        </div>
      ) : state.kind === 'failed' ? (
        <div className="account-panel" role="alert">
          <h2>We could not confirm your email</h2>
          <p className="form-error">{state.message}</p>
          <a className="btn btn-primary" href={role === 'admin' ? PATHS.admin.login : '/verify-email'}>
            {role === 'admin' ? 'Log in to get a new link' : 'Get a new link'}
          </a>
        </div>
      ) : state.kind === 'pending' ? (
        <div className="account-panel">
          <h2>Check your inbox</h2>
          <p>
            We sent it to <strong>{state.email}</strong>.
          </p>
          <p className="muted">Nothing arrived? Look in your spam folder, or send a new link.</p>
          <div className="account-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={resending}
              aria-busy={resending || undefined}
              onClick={() => void resend()}
            >
              {resending ? 'Sending...' : 'Resend the link'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => checkLearner(true)}>
              I have confirmed it
            </button>
          </div>
        </div>
      ) : (
        <div className="account-panel">
          <h2>Open the link in your email</h2>
          <p>Open the link we emailed you when you signed up. To get a new one, log in first.</p>
          <a className="btn btn-primary" href={`/login?next=${encodeURIComponent('/verify-email')}`}>
            Log in
          </a>
        </div>
      )}
    </>
  );
}
