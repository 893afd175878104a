/**
 * Home catalogue behaviour: the category filter (aria-pressed buttons) and a refresh from
 * GET /api/v1/course/courses once the page is idle. Cards are rebuilt only when the API answer
 * differs from the prebuilt one, keeping the visitor's chosen category; `data-refreshed` marks the
 * refresh as done. Fetch failures are logged only (docs/product.md, Errors).
 */
import type { CourseDto } from '../../shared/course.ts';
import { CARD_IMAGE_SIZES, imageSrcset } from '../../shared/images.ts';
import { formatRupees } from '../../shared/money.ts';
import { catalogueSignature, categoriesOf, shortLabel } from './shared.ts';

// Kept local rather than importing src/shared/course.ts, which would pull zod into this page's JS.
const cut = (text: string) => (text.length <= 100 ? text : `${text.slice(0, 100).replace(/\s+\S*$/, '')}...`);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function srcsetOf(url: string): Record<string, string> {
  const srcset = imageSrcset(url);
  return srcset ? { srcset, sizes: CARD_IMAGE_SIZES } : {};
}

export function initCatalogue(): void {
  const root = document.querySelector<HTMLElement>('[data-catalogue]');
  if (!root) return;
  const filters = root.querySelector<HTMLElement>('[data-filters]')!;
  const cards = root.querySelector<HTMLUListElement>('[data-cards]')!;
  const empty = root.querySelector<HTMLElement>('[data-empty]')!;
  // Astro scopes component styles with a data attribute; copy it onto elements built here.
  const scope = Array.from(cards.attributes).find((a) => a.name.startsWith('data-astro-cid'))?.name;

  const apply = (category: string) => {
    filters
      .querySelectorAll<HTMLButtonElement>('[data-filter]')
      .forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.filter === category)));
    cards.querySelectorAll<HTMLLIElement>('li[data-category]').forEach((li) => {
      li.hidden = Boolean(category) && li.dataset.category !== category;
    });
  };
  filters.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-filter]');
    if (button) apply(button.dataset.filter ?? '');
  });

  const scoped = <T extends HTMLElement>(node: T): T => {
    if (scope) [node, ...Array.from(node.querySelectorAll('*'))].forEach((n) => n.setAttribute(scope, ''));
    return node;
  };
  const render = (courses: CourseDto[]) => {
    // A category the visitor chose before the refresh arrived stays chosen, if it still exists.
    const chosen = filters.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.dataset.filter ?? '';
    const view = root.dataset.view ?? '';
    filters.replaceChildren(
      scoped(el('button', { type: 'button', class: 'filter', 'aria-pressed': 'true', 'data-filter': '' }, root.dataset.all)),
      ...categoriesOf(courses).map((cat) =>
        scoped(el('button', { type: 'button', class: 'filter', 'aria-pressed': 'false', 'data-filter': cat, title: cat }, shortLabel(cat))),
      ),
    );
    cards.replaceChildren(
      ...courses.map((c) => {
        const li = el('li', { 'data-category': c.description.trim() });
        const article = el('article', { class: 'card course-tile' });
        article.append(
          c.image.url
            ? el('img', {
                src: c.image.url,
                ...srcsetOf(c.image.url),
                alt: '',
                width: '800',
                height: '450',
                loading: 'lazy',
                decoding: 'async',
              })
            : el('span', { class: 'tile-placeholder' }),
        );
        const body = el('div', { class: 'tile-body' });
        const meta = el('div', { class: 'tile-meta' });
        meta.append(el('span', { class: 'badge' }, c.duration), el('span', { class: 'price' }, formatRupees(c.price)));
        body.append(
          el('h3', {}, c.title),
          el('p', {}, cut(c.description)),
          meta,
          el('a', { class: 'btn btn-primary btn-block', href: `/course/${c._id}`, 'aria-label': `${view}: ${c.title}` }, view),
        );
        article.append(body);
        li.append(article);
        return scoped(li);
      }),
    );
    empty.hidden = courses.length > 0;
    root.dataset.sig = catalogueSignature(courses);
    apply(categoriesOf(courses).includes(chosen) ? chosen : '');
  };

  const refresh = async () => {
    try {
      const response = await fetch('/api/v1/course/courses', { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { courses } = (await response.json()) as { courses: CourseDto[] };
      if (Array.isArray(courses) && catalogueSignature(courses) !== root.dataset.sig) render(courses);
    } catch (error) {
      console.warn('Could not refresh the course catalogue', error);
    } finally {
      root.dataset.refreshed = '';
    }
  };
  const idle =
    (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  // An empty prebuilt list (built without a database) is filled at once; otherwise after load.
  if (!cards.children.length || document.readyState === 'complete') idle(() => void refresh());
  else window.addEventListener('load', () => idle(() => void refresh()), { once: true });
}
