/**
 * /checkin (docs/product.md, Batches and classes): the token from the classroom's QR code (`?t=`)
 * goes to POST /api/v1/checkin once; the page says "You're checked in to <session>" or the
 * server's reason (an old code, another batch's, a second check-in). The token leaves the address
 * at once: a reload or a shared link does not send it again.
 */
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { CheckinAnswer } from '../../shared/classes.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { whenOf } from './learn-format.ts';

export function checkIn(): void {
  const part = (name: string) => document.querySelector<HTMLElement>(`[data-checkin="${name}"]`)!;
  const root = document.querySelector<HTMLElement>('[data-checkin]');
  if (!root || !requireLogin()) return;
  const token = new URLSearchParams(location.search).get('t');
  const say = (state: 'done' | 'refused', heading: string, detail: string) => {
    root.dataset['state'] = state;
    part('heading').textContent = heading;
    part('detail').textContent = detail;
    part('next').hidden = false;
  };
  if (!token) return say('refused', 'Scan the code shown in class', "Point your phone's camera at the QR code on your faculty's screen.");
  history.replaceState(null, '', location.pathname);
  api<CheckinAnswer>('/checkin', { body: { token } })
    .then(({ session, batch }) =>
      say('done', `You're checked in to ${session.title}`, `${batch.name} · ${whenOf(new Date(session.startsAt))}`),
    )
    .catch((error: unknown) => {
      if (handleExpired(error)) return;
      // The server's reason is the headline: an old code, another batch's, already checked in.
      const offline = error instanceof ApiError && (error.noResponse || error.status >= 500);
      say(
        'refused',
        errorText(error, 'Not checked in yet'),
        offline ? 'We could not reach the server. Check your connection and scan the code on the screen again.' : '',
      );
    });
}
