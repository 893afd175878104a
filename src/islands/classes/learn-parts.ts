/**
 * /learn's other parts: each batch with its phases and the learner's attendance against the
 * threshold, the calendar feed (copy, open in a calendar app, reset with a confirmation) and
 * "Choose your batch" for a programme learner without a seat yet.
 */
import { api, ApiError, errorText } from '../../lib/api.ts';
import { el } from '../../lib/dom.ts';
import type { CalendarAnswer, ChoosableBatch, LearnBatch } from '../../shared/classes.ts';
import { handleExpired } from '../accounts/guard.ts';
import { batchCards, chosenBatch, phaseLine, spanOf, waitingListOffer } from '../shop/batch-cards.ts';
import { attendanceLabel } from '../../shared/class-labels.ts';

const FULL = 'This batch is full. You can join its waiting list.';

/** A batch: what it is of, its dates and phases, and the attendance bar against the threshold. */
export function batchCard(batch: LearnBatch, programmeName: (slug: string) => string): HTMLElement {
  const { percent, attended, held, threshold } = batch.attendance;
  const below = percent !== null && percent < threshold;
  const bar = el(
    'div',
    { class: 'learn-bar', 'aria-hidden': 'true' },
    el('span', { class: 'learn-bar-fill' }),
    el('span', { class: 'learn-bar-mark' }),
  );
  (bar.firstChild as HTMLElement).style.width = `${Math.max(0, Math.min(100, percent ?? 0))}%`;
  (bar.lastChild as HTMLElement).style.left = `${threshold}%`;
  const of = batch.courseTitle ?? (batch.programme ? programmeName(batch.programme) : '');
  return el(
    'section',
    { class: 'card learn-batch', 'aria-label': batch.name },
    el('h2', { class: 'learn-batch-name' }, batch.name),
    of ? el('p', { class: 'learn-batch-of' }, of) : null,
    el('p', { class: 'learn-batch-dates' }, spanOf(batch.startsOn, batch.endsOn)),
    batch.phases.length ? el('ul', { class: 'learn-phases' }, ...batch.phases.map((p) => el('li', {}, phaseLine(p)))) : null,
    el(
      'div',
      { class: below ? 'learn-attendance learn-attendance-low' : 'learn-attendance' },
      el(
        'p',
        { class: 'learn-attendance-figure' },
        el('span', {}, 'Attendance '),
        el('strong', { 'data-attendance': '' }, attendanceLabel(percent)),
      ),
      bar,
      el(
        'p',
        { class: 'learn-attendance-note' },
        held === 0
          ? `It counts from your first class. You need ${threshold}%.`
          : `${attended} of ${held} ${held === 1 ? 'class' : 'classes'} so far. You need ${threshold}%${below ? ': you are below it.' : '.'}`,
      ),
    ),
  );
}

/** The calendar feed: the secret address to copy, a link for calendar apps, Reset with a confirmation. */
export function calendarCard(calendarUrl: string | null): HTMLElement {
  const section = el('section', { class: 'card learn-calendar', 'aria-labelledby': 'learn-calendar-heading' });
  const status = el('p', { class: 'learn-calendar-status', role: 'status' });
  const draw = (url: string | null) => {
    const heading = el('h2', { id: 'learn-calendar-heading' }, 'Add to calendar');
    if (!url) {
      const get = el('button', { type: 'button', class: 'btn btn-secondary' }, 'Get my calendar link');
      get.addEventListener('click', () => void reset(get));
      section.replaceChildren(
        heading,
        el('p', {}, 'Your classes in your phone’s calendar, kept up to date when the timetable changes.'),
        get,
        status,
      );
      return;
    }
    const absolute = new URL(url, location.origin).href;
    const field = el('input', { type: 'text', readonly: true, value: absolute, id: 'learn-calendar-url', class: 'learn-calendar-url' });
    field.addEventListener('focus', () => field.select());
    const copy = el('button', { type: 'button', class: 'btn btn-secondary btn-sm' }, 'Copy link');
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(absolute);
        status.textContent = 'Link copied. Paste it where your calendar app adds a calendar "from URL".';
      } catch {
        field.select();
        status.textContent = 'Copy the selected link.';
      }
    });
    const webcal = el('a', { class: 'btn btn-primary btn-sm', href: absolute.replace(/^https?:/, 'webcal:') }, 'Open in my calendar app');
    const resetButton = el('button', { type: 'button', class: 'btn btn-ghost btn-sm' }, 'Reset link');
    const confirm = el('div', { class: 'learn-calendar-confirm', hidden: true });
    resetButton.addEventListener('click', () => {
      confirm.hidden = false;
      resetButton.hidden = true;
      confirm.querySelector('button')?.focus();
    });
    const yes = el('button', { type: 'button', class: 'btn btn-primary btn-sm' }, 'Yes, reset the link');
    const no = el('button', { type: 'button', class: 'btn btn-ghost btn-sm' }, 'Cancel');
    yes.addEventListener('click', () => void reset(yes));
    no.addEventListener('click', () => {
      confirm.hidden = true;
      resetButton.hidden = false;
      resetButton.focus();
    });
    confirm.append(el('p', {}, 'The old link stops working: calendars that use it stop getting your classes. Add the new one.'), yes, no);
    section.replaceChildren(
      heading,
      el('p', {}, 'Your classes in your calendar, updated when the timetable changes. The link is yours alone: keep it private.'),
      el('label', { for: 'learn-calendar-url', class: 'sr-only' }, 'Your calendar link'),
      field,
      el('div', { class: 'learn-calendar-actions' }, copy, webcal, resetButton),
      confirm,
      status,
    );
  };
  async function reset(button: HTMLButtonElement) {
    button.disabled = true;
    try {
      const { calendarUrl: fresh } = await api<CalendarAnswer>('/learn/calendar/reset', { method: 'POST' });
      draw(fresh);
      status.textContent = calendarUrl ? 'Your new calendar link is ready. The old one no longer works.' : 'Your calendar link is ready.';
      calendarUrl = fresh;
    } catch (error) {
      if (handleExpired(error)) return;
      button.disabled = false;
      status.textContent = errorText(error, 'Could not make the link. Please try again.');
    }
  }
  draw(calendarUrl);
  return section;
}

/** "Choose your batch" of one programme: its open batches and "Take this seat". `done` redraws /learn. */
export function chooseCard(programme: string, name: string, batches: ChoosableBatch[], done: () => void): HTMLElement {
  const control = `batch-${programme}`;
  const note = el('div', { class: 'learn-choose-note' });
  const take = el('button', { type: 'button', class: 'btn btn-primary' }, 'Take a seat in this batch');
  take.addEventListener('click', async () => {
    const id = chosenBatch(section, control);
    const batch = batches.find((b) => b.id === id);
    if (!batch) {
      note.replaceChildren(el('p', { class: 'form-error', role: 'alert' }, 'Choose a batch first.'));
      return;
    }
    take.disabled = true;
    note.replaceChildren();
    try {
      await api(`/learn/batches/${batch.id}/seat`, { method: 'POST' });
      done();
    } catch (error) {
      if (handleExpired(error)) return;
      take.disabled = false;
      const message = errorText(error, 'Could not take the seat. Please try again.');
      note.replaceChildren(
        error instanceof ApiError && error.status === 409
          ? waitingListOffer(batch, message)
          : el('p', { class: 'form-error', role: 'alert' }, message),
      );
    }
  });
  const section = el(
    'section',
    { class: 'card learn-choose', 'aria-labelledby': `${control}-heading` },
    el('h2', { id: `${control}-heading` }, `Choose your batch: ${name}`),
    el('p', {}, 'Pick the batch whose dates suit you. Its timetable then shows here.'),
    batches.length
      ? el(
          'fieldset',
          { class: 'batch-choice' },
          el('legend', { class: 'sr-only' }, `Batches of ${name}`),
          batchCards(control, batches, (b) => note.replaceChildren(...(b.seatsLeft <= 0 ? [waitingListOffer(b, FULL)] : []))),
        )
      : el('p', { class: 'muted' }, 'No batch is open yet. Look again soon, or ask your counsellor.'),
    batches.length ? take : null,
    note,
  );
  return section;
}
