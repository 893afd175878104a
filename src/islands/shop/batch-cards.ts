/**
 * Open batches to choose from, as radio cards (name, dates, phases with the venue, seats left):
 * the batch picker of /buy/{id} and "Choose your batch" on /learn. Plain controls drawn by a page
 * script, never re-rendered, so a choice made at any moment stays made. A full batch can be chosen
 * too: its way in is the waiting list.
 */
import { api, errorText } from '../../lib/api.ts';
import { PHASE_KIND_LABELS } from '../../shared/cohort-labels.ts';
import { el } from '../../lib/dom.ts';
import { handleExpired } from '../accounts/guard.ts';
import type { PublicBatch, WaitlistAnswer } from '../../shared/cohorts.ts';

const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A batch's day ('YYYY-MM-DD', an India date) as "30 Nov 2026". */
export const dateOf = (day: string): string => shortDate.format(new Date(`${day}T00:00:00Z`));
/** "30 Nov 2026 to 30 Apr 2027" */
export const spanOf = (from: string, to: string): string => `${dateOf(from)} to ${dateOf(to)}`;

/** A batch as the checkout (GET /course/{id}/batches) and /learn's choice (GET /learn) list it. */
export type BatchOption = Pick<PublicBatch, 'id' | 'name' | 'startsOn' | 'endsOn' | 'phases' | 'seatsLeft'>;

/** "Online: 1 Dec 2026 to 31 Jan 2027", "In class: ... at Hauz Khas centre, New Delhi" */
export function phaseLine(phase: BatchOption['phases'][number]): string {
  const venue = phase.kind === 'classroom' && phase.venue ? ` at ${phase.venue}` : '';
  return `${PHASE_KIND_LABELS[phase.kind]}: ${spanOf(phase.startsOn, phase.endsOn)}${venue}`;
}

export const seatsText = (seatsLeft: number): string =>
  seatsLeft <= 0 ? 'Full: join the waiting list' : seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;

/** The radio cards of `batches`, one control name; `onPick` hears every choice. */
export function batchCards(name: string, batches: BatchOption[], onPick?: (batch: BatchOption) => void): HTMLUListElement {
  return el(
    'ul',
    { class: 'batch-cards' },
    ...batches.map((batch) => {
      const input = el('input', { type: 'radio', name, value: batch.id, class: 'batch-card-radio' });
      input.addEventListener('change', () => onPick?.(batch));
      const full = batch.seatsLeft <= 0;
      return el(
        'li',
        {},
        el(
          'label',
          { class: full ? 'batch-card batch-card-full' : 'batch-card' },
          input,
          el(
            'span',
            { class: 'batch-card-body' },
            el('strong', { class: 'batch-card-name' }, batch.name),
            el('span', { class: 'batch-card-dates' }, `Starts ${dateOf(batch.startsOn)}, ends ${dateOf(batch.endsOn)}`),
            ...batch.phases.map((phase) => el('span', { class: 'batch-card-phase' }, phaseLine(phase))),
            el('span', { class: full ? 'batch-card-seats batch-card-seats-full' : 'batch-card-seats' }, seatsText(batch.seatsLeft)),
          ),
        ),
      );
    }),
  );
}

/** The chosen batch's id among the radios of `name` inside `root`, or null. */
export function chosenBatch(root: ParentNode, name: string): string | null {
  return root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null;
}

/**
 * Under a full batch: why (the server's words, or ours) and "Join the waiting list"; once joined,
 * the place in the queue. Nothing is paid for a place on the waiting list.
 */
export function waitingListOffer(batch: { id: string; name: string }, message: string): HTMLElement {
  const status = el('p', { class: 'batch-waiting-status', role: 'status' });
  const button = el('button', { type: 'button', class: 'btn btn-secondary' }, 'Join the waiting list');
  button.addEventListener('click', async () => {
    button.disabled = true;
    status.textContent = 'Adding you to the waiting list...';
    try {
      const { position } = await api<WaitlistAnswer>(`/batches/${batch.id}/waitlist`, { method: 'POST' });
      button.remove();
      status.textContent = `You are number ${position} on the waiting list of ${batch.name}.`;
    } catch (error) {
      if (handleExpired(error)) return;
      button.disabled = false;
      status.textContent = errorText(error, 'Could not add you to the waiting list. Please try again.');
    }
  });
  return el('div', { class: 'batch-waiting', role: 'alert' }, el('p', { class: 'form-error' }, message), button, status);
}
