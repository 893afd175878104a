/**
 * The batch picker of /buy/{id} (docs/product.md, Batches): the course's open batches as radio
 * cards, drawn by the page's script as soon as they are known (page HTML, outside the payment
 * form's island, so a choice made before the form is alive stays). The form asks for the choice
 * when Pay is pressed; a full batch (chosen, or filled while the buyer was choosing: the server's
 * 409) offers the waiting list instead of Pay.
 */
import { el } from '../../lib/dom.ts';
import { batchCards, chosenBatch, seatsText, waitingListOffer, type BatchOption } from './batch-cards.ts';

const NAME = 'batchId';
export const CHOOSE_BATCH = 'Choose your batch before paying.';
const FULL = 'That batch is full. You can join its waiting list.';

const part = (name: string) => document.querySelector<HTMLElement>(`[data-buy="${name}"]`);

let shown: BatchOption[] = [];

function say(content: HTMLElement | null): void {
  part('batch-note')?.replaceChildren(...(content ? [content] : []));
}

/** Whether the chosen batch is full: then the waiting list takes the place of Pay. */
function markFull(full: boolean): void {
  part('order')?.toggleAttribute('data-batch-full', full);
}

function picked(batch: BatchOption): void {
  const full = batch.seatsLeft <= 0;
  markFull(full);
  say(full ? waitingListOffer(batch, FULL) : null);
}

export function showBatches(batches: BatchOption[]): void {
  const picker = part('batches');
  if (!picker || batches.length === 0) return;
  shown = batches;
  part('batch-list')!.replaceChildren(batchCards(NAME, batches, picked));
  picker.hidden = false;
  // One batch: chosen for the buyer (still visible, still theirs to read).
  if (batches.length === 1) {
    const only = picker.querySelector<HTMLInputElement>(`input[name="${NAME}"]`)!;
    only.checked = true;
    picked(batches[0]!);
  }
}

/**
 * The batch to buy with: `{}` when the course has no batches, `{ batchId }` when one is chosen,
 * null (and the picker says so, focused) when the buyer has not chosen yet.
 */
export function batchChoice(batches: BatchOption[]): { batchId?: string } | null {
  if (batches.length === 0) return {};
  if (shown.length === 0) showBatches(batches);
  const batchId = chosenBatch(document, NAME);
  if (batchId) return { batchId };
  say(el('p', { class: 'form-error', role: 'alert' }, CHOOSE_BATCH));
  document.querySelector<HTMLInputElement>(`input[name="${NAME}"]`)?.focus();
  return null;
}

/** The server found the batch full (the last seat went while this buyer was choosing). */
export function batchFull(batchId: string, message: string): void {
  const batch = shown.find((b) => b.id === batchId);
  if (!batch) return;
  batch.seatsLeft = 0;
  const seats = document.querySelector(`input[name="${NAME}"][value="${batchId}"]`)?.closest('label')?.querySelector('.batch-card-seats');
  if (seats) {
    seats.textContent = seatsText(0);
    seats.classList.add('batch-card-seats-full');
  }
  markFull(true);
  say(waitingListOffer(batch, message || FULL));
  part('batch-note')?.scrollIntoView({ block: 'nearest' });
}
