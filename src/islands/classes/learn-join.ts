/**
 * The Join button of a live class (docs/product.md, Batches and classes): disabled with "Opens at
 * 6:45 pm" before its window (15 minutes before the start), Join inside it, "Ended" after. Every
 * button on the page follows the clock: a timer set for the next opening or closing redraws them,
 * so the button comes alive when the window opens without a reload. Join asks the server for the
 * meeting's address (it checks the window and the seat again) and opens it.
 */
import { api, errorText } from '../../lib/api.ts';
import { el } from '../../lib/dom.ts';
import type { JoinAnswer, LearnSession } from '../../shared/classes.ts';
import { handleExpired } from '../accounts/guard.ts';
import { dayOf, istDay, timeOf } from './learn-format.ts';

type Slot = { opensAt: number; closesAt: number };
const buttons = new Map<HTMLButtonElement, Slot>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** The longest a browser timer waits (about 24.8 days). */
const MAX_WAIT = 2_147_483_647;

function draw(button: HTMLButtonElement, { opensAt, closesAt }: Slot, now: number): void {
  if (button.getAttribute('aria-busy')) return;
  const state = now < opensAt ? 'before' : now < closesAt ? 'open' : 'ended';
  if (button.dataset['state'] === state) return;
  button.dataset['state'] = state;
  button.disabled = state !== 'open';
  if (state === 'open') button.textContent = 'Join';
  else if (state === 'ended') button.textContent = 'Ended';
  else {
    const opens = new Date(opensAt);
    const today = istDay(opens) === istDay(new Date(now));
    button.textContent = `Opens at ${timeOf(opens)}${today ? '' : `, ${dayOf(opens)}`}`;
  }
}

/** Redraws every Join button for the time now and sets the timer for the next change. */
function tick(): void {
  clearTimeout(timer);
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const [button, slot] of buttons) {
    if (!button.isConnected) {
      buttons.delete(button);
      continue;
    }
    draw(button, slot, now);
    for (const edge of [slot.opensAt, slot.closesAt]) if (edge > now) next = Math.min(next, edge);
  }
  if (Number.isFinite(next)) timer = setTimeout(tick, Math.min(next - now + 50, MAX_WAIT));
}

let watching = false;
/** A phone asleep or a tab in the background misses timers: look again when the page is seen. */
function watch(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && tick());
}

async function join(button: HTMLButtonElement, session: LearnSession, note: HTMLElement): Promise<void> {
  button.setAttribute('aria-busy', 'true');
  button.disabled = true;
  button.textContent = 'Opening...';
  note.textContent = '';
  try {
    const { url } = await api<JoinAnswer>(`/learn/sessions/${session.id}/join`);
    // A tab of its own, with no hold on this page; where the browser refuses one, this tab goes.
    const meeting = window.open(url, '_blank');
    if (meeting) meeting.opener = null;
    else location.assign(url);
  } catch (error) {
    if (handleExpired(error)) return;
    note.textContent = errorText(error, 'Could not open the class. Please try again.');
  } finally {
    button.removeAttribute('aria-busy');
    delete button.dataset['state'];
    tick();
  }
}

/** Join for a live class with its window, and a line for what the server says; null for other sessions. */
export function joinButton(session: LearnSession): HTMLElement | null {
  if (session.kind !== 'live' || !session.joinOpensAt || !session.joinClosesAt) return null;
  const button = el('button', { type: 'button', class: 'btn btn-primary btn-sm learn-join' });
  const note = el('span', { class: 'learn-join-note', role: 'status' });
  const slot = { opensAt: Date.parse(session.joinOpensAt), closesAt: Date.parse(session.joinClosesAt) };
  buttons.set(button, slot);
  draw(button, slot, Date.now());
  button.addEventListener('click', () => void join(button, session, note));
  watch();
  queueMicrotask(tick);
  return el('span', { class: 'learn-join-box' }, button, note);
}
