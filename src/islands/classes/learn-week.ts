/**
 * /learn's timetable: the next session first (a card: when in IST, where, Join), then the week,
 * Monday to Sunday in India time, with the weeks before and after a press away: seven columns on a
 * wide screen, a list of days on a phone (learn.css).
 */
import { el } from '../../lib/dom.ts';
import type { LearnBatch, LearnSession } from '../../shared/classes.ts';
import { addDays, dayOf, istDay, longDayOf, mondayOf, noonOf, timeOf, whenOf } from './learn-format.ts';
import { joinButton } from './learn-join.ts';
import { SESSION_KIND_LABELS } from '../../shared/class-labels.ts';

export type Dated = LearnSession & { batchName: string };

const endOf = (s: LearnSession) => Date.parse(s.startsAt) + s.durationMinutes * 60_000;

/** Every session of the learner's batches, by start time, each with its batch's name. */
export function allSessions(batches: LearnBatch[]): Dated[] {
  return batches
    .flatMap((b) => b.sessions.map((s) => ({ ...s, batchName: b.name })))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The first session that has not ended yet (a deadline until its moment). */
export const nextSession = (sessions: Dated[], now = Date.now()): Dated | undefined => sessions.find((s) => endOf(s) > now);

function where(session: LearnSession): string {
  if (session.kind === 'deadline') return 'Deadline';
  if (session.venue) return session.venue;
  return session.kind === 'live' ? 'Online' : '';
}

function length(session: LearnSession): string {
  if (session.kind === 'deadline' || session.durationMinutes === 0) return '';
  const h = Math.floor(session.durationMinutes / 60);
  const m = session.durationMinutes % 60;
  return ` · ${h ? `${h} h` : ''}${h && m ? ' ' : ''}${m ? `${m} min` : ''}`;
}

/** One session in the week: time, title, kind, where, faculty, Join. */
function sessionItem(session: Dated, showBatch: boolean): HTMLLIElement {
  const start = new Date(session.startsAt);
  const details = [SESSION_KIND_LABELS[session.kind], session.facultyName, showBatch ? session.batchName : null]
    .filter(Boolean)
    .join(' · ');
  return el(
    'li',
    { class: `learn-session learn-session-${session.kind}`, 'data-session': session.id },
    el('p', { class: 'learn-session-time' }, `${timeOf(start)}${length(session)}`),
    el('p', { class: 'learn-session-title' }, session.title),
    el('p', { class: 'learn-session-meta' }, details),
    session.kind !== 'live' && where(session) ? el('p', { class: 'learn-session-venue' }, where(session)) : null,
    joinButton(session),
  );
}

/** The card of the next session: its day and time in IST, where, and Join for a live class. */
export function nextCard(session: Dated | undefined, showBatch: boolean): HTMLElement {
  if (!session)
    return el(
      'section',
      { class: 'card learn-next', 'aria-labelledby': 'learn-next-heading' },
      el('h2', { id: 'learn-next-heading' }, 'Next class'),
      el('p', {}, 'No class is on the timetable yet. Your faculty adds them here, and your calendar link picks them up.'),
    );
  const start = new Date(session.startsAt);
  const place = session.kind === 'live' ? 'Online: Join opens 15 minutes before the start' : where(session);
  return el(
    'section',
    { class: 'card learn-next', 'aria-labelledby': 'learn-next-heading' },
    el('h2', { id: 'learn-next-heading' }, session.kind === 'deadline' ? 'Next deadline' : 'Next class'),
    el('p', { class: 'learn-next-title' }, session.title),
    el('p', { class: 'learn-next-when' }, `${whenOf(start)}${length(session)}`),
    el(
      'p',
      { class: 'learn-next-meta' },
      [SESSION_KIND_LABELS[session.kind], session.facultyName, showBatch ? session.batchName : null].filter(Boolean).join(' · '),
    ),
    place ? el('p', { class: 'learn-next-place' }, place) : null,
    joinButton(session),
  );
}

/** The week view, starting on the Monday of `day`, with buttons to the weeks around it. */
export function weekView(sessions: Dated[], showBatch: boolean, day = istDay(new Date())): HTMLElement {
  const section = el('section', { class: 'learn-week', 'aria-labelledby': 'learn-week-heading' });
  const draw = (monday: string) => {
    const today = istDay(new Date());
    const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const previous = el('button', { type: 'button', class: 'btn btn-ghost btn-sm', 'aria-label': 'Previous week' }, '‹ Previous');
    const next = el('button', { type: 'button', class: 'btn btn-ghost btn-sm', 'aria-label': 'Next week' }, 'Next ›');
    previous.addEventListener('click', () => draw(addDays(monday, -7)));
    next.addEventListener('click', () => draw(addDays(monday, 7)));
    const title = monday === mondayOf(today) ? 'This week' : `Week of ${dayOf(noonOf(monday))}`;
    const inWeek = sessions.filter((s) => days.includes(istDay(new Date(s.startsAt))));
    section.replaceChildren(
      el('div', { class: 'learn-week-bar' }, previous, el('h2', { id: 'learn-week-heading', 'aria-live': 'polite' }, title), next),
      ...(inWeek.length === 0 ? [el('p', { class: 'learn-week-empty' }, 'No classes this week.')] : []),
      el(
        'ol',
        { class: 'learn-days' },
        ...days.map((d) => {
          const items = inWeek.filter((s) => istDay(new Date(s.startsAt)) === d);
          return el(
            'li',
            { class: items.length ? 'learn-day' : 'learn-day learn-day-free', 'aria-current': d === today ? 'date' : undefined },
            el(
              'h3',
              { class: 'learn-day-name' },
              el('span', { class: 'learn-day-long' }, longDayOf(noonOf(d))),
              el('span', { class: 'learn-day-short' }, dayOf(noonOf(d))),
            ),
            items.length
              ? el('ul', { class: 'learn-day-sessions' }, ...items.map((s) => sessionItem(s, showBatch)))
              : el('p', { class: 'learn-day-none' }, 'No class'),
          );
        }),
      ),
    );
  };
  draw(mondayOf(day));
  return section;
}
