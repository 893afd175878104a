/**
 * The logged-in learner's own details (GET /user/me), asked once per page view: /settings shows
 * them from the page's script (showProfile) and the password form judges a new password against
 * them. A session that has ended goes to /login.
 */
import { api } from '../../lib/api.ts';
import { handleExpired } from './guard.ts';

export type Profile = { _id: string; email: string; firstName: string; lastName: string };

let loading: Promise<Profile | null> | undefined;

export function loadProfile(): Promise<Profile | null> {
  loading ??= api<{ user: Profile }>('/user/me')
    .then(({ user }) => user)
    .catch((error: unknown) => {
      handleExpired(error);
      return null;
    });
  return loading;
}

/** /settings, "Your details": the page's HTML filled in (src/pages/settings.astro). */
export function showProfile(): void {
  const part = (name: string) => document.querySelector<HTMLElement>(`[data-profile="${name}"]`);
  void loadProfile().then((profile) => {
    const status = part('status');
    if (!profile) {
      if (status) status.textContent = 'Your details could not be loaded. Please try again.';
      return;
    }
    part('name')!.textContent = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    part('email')!.textContent = profile.email;
    part('details')!.hidden = false;
    status?.remove();
  });
}
