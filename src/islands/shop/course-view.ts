/**
 * /course/{id} for a course without a landing page of its own: prebuilt for the catalogue of the
 * last build, else the shell page (served for every other id) drawn by the page's script from
 * GET /course/{id}, asked for from the page's head
 * (src/layouts/account-guard.ts). A screen that only shows data needs no framework.
 */
import { catalogueSignature } from '../../components/catalogue/shared.ts';
import { api, ApiError } from '../../lib/api.ts';
import { el } from '../../lib/dom.ts';
import { discountOf, type CourseDto } from '../../shared/course.ts';
import { PAGE_IMAGE_SIZES, imageSrcset } from '../../shared/images.ts';
import { formatRupees } from '../../shared/money.ts';
import { COURSE_ID, idFromPath } from '../accounts/guard.ts';
import { LABELS } from './labels.ts';

/** The price, and with a real list price above it the list price struck through and "N% off" (as PriceTag.tsx). */
export function priceTag(course: Pick<CourseDto, 'price' | 'listPrice'>): HTMLElement {
  const discount = discountOf(course);
  return el(
    'span',
    { class: 'price-tag' },
    el('strong', { class: 'price' }, formatRupees(course.price)),
    discount && ' ',
    discount && el('s', { class: 'price-was' }, el('span', { class: 'sr-only' }, 'List price '), formatRupees(discount.listPrice)),
    discount && discount.percent >= 1 && ' ',
    discount && discount.percent >= 1 && el('span', { class: 'badge price-off' }, `${discount.percent}% off`),
  );
}

function missing(kind: 'missing' | 'error'): HTMLElement {
  return el(
    'div',
    { class: 'shop-empty', role: 'alert' },
    el('h1', {}, kind === 'missing' ? LABELS.courseNotFound : 'This course could not be loaded'),
    el('p', {}, kind === 'missing' ? 'This course does not exist or is no longer offered.' : 'Check your connection and try again.'),
    el('a', { class: 'btn btn-primary', href: '/courses' }, 'See all courses'),
  );
}

/**
 * srcset and sizes for a stored picture. Not on the shell page: its head has already asked for
 * the picture as the API names it (src/layouts/account-guard.ts), which the <img> then reuses.
 */
function pictureWidths(url: string, shell: boolean): Record<string, string> {
  const srcset = shell ? undefined : imageSrcset(url);
  return srcset ? { srcset, sizes: PAGE_IMAGE_SIZES } : {};
}

function view(course: CourseDto, shell: boolean): HTMLElement {
  return el(
    'article',
    { class: 'course-view' },
    course.image.url &&
      el('img', {
        class: 'course-view-image',
        src: course.image.url,
        ...pictureWidths(course.image.url, shell),
        alt: '',
        width: '800',
        height: '450',
        fetchpriority: 'high',
      }),
    el(
      'div',
      { class: 'course-view-body' },
      el('h1', {}, course.title),
      el(
        'p',
        { class: 'course-view-meta' },
        el('span', {}, el('span', { class: 'muted' }, 'Duration'), ' ', el('strong', {}, course.duration)),
        el('span', {}, el('span', { class: 'muted' }, 'Fee'), ' ', priceTag(course)),
      ),
      el('p', { class: 'course-view-desc' }, course.description),
      el('a', { class: 'btn btn-primary btn-lg', href: `/buy/${course._id}` }, LABELS.enrollNow),
    ),
  );
}

/**
 * Draws the course into `[data-course]`. On a prebuilt page (`data-course-signature`, the course as
 * the build saw it: src/components/course/CatalogueCourse.astro) it redraws only when the course
 * has changed since, and says so when it is no longer offered; a failed request leaves it as built.
 */
export function showCourse(): void {
  const root = document.querySelector<HTMLElement>('[data-course]');
  if (!root) return;
  const built = root.dataset['courseSignature'];
  const id = idFromPath();
  if (!COURSE_ID.test(id)) return void root.replaceChildren(missing('missing'));
  api<{ course: CourseDto }>(`/course/${id}`)
    .then(({ course }) => {
      if (built !== undefined && catalogueSignature([course]) === built) return;
      root.replaceChildren(view(course, built === undefined));
      document.title = `${course.title} | Aspira`;
    })
    .catch((error: unknown) => {
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 400);
      if (built === undefined || gone) root.replaceChildren(missing(gone ? 'missing' : 'error'));
    });
}
