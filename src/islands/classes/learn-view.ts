/**
 * /learn (docs/product.md, Batches and classes), drawn by the page's script from GET /api/v1/learn
 * (asked for from the page's head: src/layouts/account-guard.ts): "Choose your batch" for a
 * programme without a seat, the next session, the week, each batch with its attendance, and the
 * calendar feed. A screen that only shows data needs no framework.
 */
import { api } from '../../lib/api.ts';
import { el } from '../../lib/dom.ts';
import type { LearnAnswer } from '../../shared/classes.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { istDay } from './learn-format.ts';
import { batchCard, calendarCard, chooseCard } from './learn-parts.ts';
import { allSessions, nextCard, nextSession, weekView } from './learn-week.ts';

function draw(root: HTMLElement, answer: LearnAnswer, reload: () => void): void {
  let names: Record<string, string> = {};
  try {
    names = JSON.parse(root.dataset['programmes'] ?? '{}') as Record<string, string>;
  } catch {
    // The programme's slug reads well enough.
  }
  const programmeName = (slug: string) => names[slug] ?? slug;
  const choose = answer.choosable.map((c) => chooseCard(c.programme, programmeName(c.programme), c.batches, reload));
  if (answer.batches.length === 0) {
    root.replaceChildren(
      ...choose,
      ...(choose.length
        ? []
        : [
            el(
              'div',
              { class: 'shop-empty' },
              el(
                'p',
                { class: 'shop-state' },
                'You are not in a batch yet. Once you buy a course and choose its batch, your classes show here.',
              ),
              el('a', { class: 'btn btn-primary', href: '/courses' }, 'Browse courses'),
            ),
          ]),
    );
    return;
  }
  const sessions = allSessions(answer.batches);
  const next = nextSession(sessions);
  const several = answer.batches.length > 1;
  root.replaceChildren(
    ...choose,
    el(
      'div',
      { class: 'learn-top' },
      nextCard(next, several),
      el('div', { class: 'learn-batches' }, ...answer.batches.map((b) => batchCard(b, programmeName))),
    ),
    weekView(sessions, several, next ? istDay(new Date(next.startsAt)) : undefined),
    calendarCard(answer.calendarUrl),
  );
}

export function showLearn(): void {
  const root = document.querySelector<HTMLElement>('[data-learn]');
  if (!root || !requireLogin()) return;
  const load = () =>
    api<LearnAnswer>('/learn')
      .then((answer) => draw(root, answer, load))
      .catch((error: unknown) => {
        if (handleExpired(error)) return;
        root.replaceChildren(el('p', { class: 'form-error', role: 'alert' }, 'Could not load your classes. Please reload the page.'));
      });
  void load();
}
