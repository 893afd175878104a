/**
 * The content editor's live preview of programme pages, content pages and FAQ sets: the markup of
 * the site's components (src/components/PageHero, Facts, Sections, sections/*, Faq, CourseCards)
 * drawn with the editor's React, and styled by the site's own CSS (preview.css), so a marketer sees
 * the page as it will look. When a component's markup changes, change its twin here.
 */
import type { ComponentType, ReactNode } from 'react';
import { ICON_PATHS } from '../components/icons.ts';
import { formatMoney, type Money } from '../shared/money.ts';

type Props = Record<string, unknown> | null;
type Child = ReactNode | ReactNode[];
/** React's createElement, which Sveltia CMS puts on window for preview templates. */
const h = (type: string | ComponentType<never>, props: Props, ...children: Child[]) =>
  (window as unknown as { h: (...args: unknown[]) => ReactNode }).h(type, props, ...children);

type Cta = { label: string; href: string };
/** What the marketer is typing: not checked yet, so any shape. */
type Data = Record<string, any>;
/** Entries another entry refers to (an FAQ set, course pages), by field path: Sveltia's `fieldsMetaData`. */
type Lookup = (path: string, collection: 'faqs' | 'courses', name: string) => Data | undefined;

const icon = (name: string, size = 22) =>
  h('svg', {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': 'true',
    dangerouslySetInnerHTML: { __html: ICON_PATHS[name] ?? ICON_PATHS.spark ?? '' },
  });
const money = (value: Money | undefined) => (value?.amount ? formatMoney({ amount: value.amount, currency: value.currency ?? 'INR' }) : '');
const sectionHeading = (id: string, heading?: string, intro?: string) =>
  h('div', { className: 'section-head' }, h('h2', { id }, heading), intro ? h('p', null, intro) : null);
const sectionCta = (cta?: Cta) => (cta?.label ? h('a', { className: 'btn btn-primary', href: cta.href }, cta.label) : null);
const list = (items: unknown): any[] => (Array.isArray(items) ? items : []);

function hero(data: Data) {
  return h(
    'section',
    { className: 'page-hero on-dark' },
    h(
      'div',
      { className: 'container' },
      data.eyebrow ? h('p', { className: 'eyebrow' }, data.eyebrow) : null,
      h('h1', null, data.title),
      data.lead ? h('p', { className: 'lead' }, data.lead) : null,
      list(data.ticks).length ? h('ul', { className: 'tick-list hero-ticks' }, ...list(data.ticks).map((t) => h('li', null, t))) : null,
      data.primary || data.secondary
        ? h(
            'div',
            { className: 'hero-actions' },
            data.primary ? h('a', { className: 'btn btn-accent btn-lg', href: data.primary.href }, data.primary.label) : null,
            data.secondary ? h('a', { className: 'btn btn-secondary btn-lg', href: data.secondary.href }, data.secondary.label) : null,
          )
        : null,
    ),
  );
}

function facts(items: Data[]) {
  const fact = (f: Data) =>
    h(
      'div',
      { className: 'fact' },
      h('dt', null, f.label),
      h('dd', null, f.money ? h('span', { className: 'price' }, money(f.money)) : f.value, f.note ? h('small', null, f.note) : null),
    );
  return h('div', { className: 'facts' }, h('div', { className: 'container' }, h('dl', { className: 'facts-grid' }, ...items.map(fact))));
}

/** An FAQ set (src/components/Faq.astro). */
function faq(name: string, data: Data | undefined, heading?: string) {
  const item = (i: Data, group: number) =>
    h(
      'details',
      { name: `${name}-${group}` },
      h('summary', null, i.question, icon('chevron', 20)),
      h('div', { className: 'answer' }, h('p', null, i.answer)),
    );
  return h(
    'div',
    { className: 'faq' },
    h('h2', { className: 'faq-heading' }, heading || data?.heading),
    ...list(data?.groups).map((group, g) =>
      h(
        'div',
        { className: 'accordion-group' },
        group.heading ? h('h3', { className: 'group-heading' }, group.heading) : null,
        h('div', { className: 'accordion' }, ...list(group.items).map((i) => item(i, g))),
      ),
    ),
  );
}

function courseCards(courses: (Data | undefined)[]) {
  const card = (c: Data) =>
    h(
      'li',
      null,
      h(
        'a',
        { className: 'card course-card', href: `/course/${c.courseId}` },
        h('span', { className: 'icon-tile' }, icon('cap')),
        h('h3', null, c.title),
        h('p', null, c.summary),
        h(
          'span',
          { className: 'course-meta' },
          h('span', { className: 'badge' }, `${c.cohort?.start} cohort`),
          h('span', { className: 'price' }, money(c.cohort?.fee)),
        ),
      ),
    );
  return h('ul', { className: 'grid grid-3 course-cards' }, ...courses.filter((c): c is Data => Boolean(c)).map(card));
}

/** One page section (src/components/sections/*), as Sections.astro draws it. */
function block(s: Data, id: string, path: string, lookup: Lookup) {
  switch (s.type) {
    case 'text':
      return h(
        'div',
        { className: 'text-block' },
        h('h2', { id }, s.heading),
        ...list(s.body).map((p) => h('p', { className: 'lead' }, p)),
        sectionCta(s.cta),
      );
    case 'cards': {
      const card = (c: Data) =>
        h(
          'li',
          null,
          h(
            c.href ? 'a' : 'div',
            { className: 'card', href: c.href, style: { height: '100%' } },
            c.icon ? h('span', { className: 'icon-tile' }, icon(c.icon)) : null,
            h('h3', null, c.title),
            c.meta ? h('span', { className: 'badge' }, c.meta) : null,
            c.body ? h('p', null, c.body) : null,
          ),
        );
      return [
        sectionHeading(id, s.heading, s.intro),
        h('ul', { className: `grid grid-${Math.min(Math.max(Number(s.columns ?? 3), 2), 4)}` }, ...list(s.items).map(card)),
      ];
    }
    case 'list':
      return [
        sectionHeading(id, s.heading, s.intro),
        h(
          s.numbered ? 'ol' : 'ul',
          { className: s.numbered ? 'numbered-list' : 'tick-list check-grid' },
          ...list(s.items).map((i) => h('li', null, i)),
        ),
      ];
    case 'tags':
      return [
        sectionHeading(id, s.heading, s.intro),
        h('ul', { className: 'tags' }, ...list(s.items).map((t) => h('li', { className: 'tool-chip' }, t))),
      ];
    case 'themes': {
      const theme = (t: Data) =>
        h(
          'li',
          { className: 'card' },
          h('h3', null, t.title),
          h('p', null, t.body),
          h('ul', { className: 'cities' }, ...list(t.cities).map((c) => h('li', { className: 'badge' }, icon('pin', 14), c))),
        );
      return [sectionHeading(id, s.heading, s.intro), h('ul', { className: 'grid grid-3' }, ...list(s.items).map(theme))];
    }
    case 'fees': {
      const row = (r: Data) =>
        h(
          'div',
          { className: 'fee-row' },
          h(
            'dt',
            null,
            r.label,
            r.note ? h('small', null, r.note) : null,
            r.link ? h('small', null, h('a', { href: r.link.href }, r.link.label)) : null,
          ),
          h('dd', { className: 'price' }, r.money ? money(r.money) : r.value),
        );
      return [
        sectionHeading(id, s.heading, s.intro),
        h('div', { className: 'fee-card card' }, h('dl', null, ...list(s.rows).map(row)), sectionCta(s.cta)),
      ];
    }
    case 'deadline':
      return h(
        'div',
        { className: 'deadline card' },
        h('span', { className: 'icon-tile' }, icon('calendar')),
        h('div', null, h('h2', { id }, s.heading), h('p', null, s.body), h('p', { className: 'deadline-date' }, h('strong', null, s.date))),
        sectionCta(s.cta),
      );
    case 'courses':
      return [
        sectionHeading(id, s.heading, s.intro),
        courseCards(list(s.courses).map((name) => lookup(`${path}.courses`, 'courses', String(name)))),
      ];
    case 'faq':
      return h('div', { id }, faq(s.faq, lookup(`${path}.faq`, 'faqs', s.faq), s.heading));
    case 'claims':
      return [
        s.heading ? h('h2', { id, className: 'claims-heading' }, s.heading) : null,
        h('dl', { className: 'claims' }, ...list(s.items).map((c) => h('div', null, h('dt', null, c.label), h('dd', null, c.value)))),
      ];
    case 'cta':
      return h(
        'div',
        { className: 'cta-band on-dark' },
        h('div', null, h('h2', { id }, s.heading), s.body ? h('p', null, s.body) : null),
        h(
          'div',
          { className: 'hero-actions' },
          s.primary ? h('a', { className: 'btn btn-accent btn-lg', href: s.primary.href }, s.primary.label) : null,
          s.secondary ? h('a', { className: 'btn btn-secondary btn-lg', href: s.secondary.href }, s.secondary.label) : null,
        ),
      );
    default:
      return null;
  }
}

/** A programme or content page: hero, key facts and sections (src/components/ContentPage.astro without the site's frame). */
export function page(data: Data, lookup: Lookup) {
  const sections = list(data.sections).map((s, i) =>
    h(
      'section',
      { className: i % 2 === 0 ? 'section' : 'section section-alt', id: s.id, 'aria-labelledby': `sec-${i}` },
      h('div', { className: 'container' }, block(s, `sec-${i}`, `sections.${i}`, lookup)),
    ),
  );
  return h('main', null, data.hero ? hero(data.hero) : null, list(data.facts).length ? facts(list(data.facts)) : null, ...sections);
}

/** An FAQ set on its own, as a page shows it. */
export function faqSet(name: string, data: Data) {
  return h('main', null, h('section', { className: 'section' }, h('div', { className: 'container' }, faq(name, data))));
}
