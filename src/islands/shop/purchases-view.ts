/**
 * /purchases: the courses this learner bought (docs/product.md, States), drawn by the page's script
 * from GET /user/purchases (asked for from the page's head: src/layouts/account-guard.ts). A
 * screen that only shows data needs no framework: it is on screen as soon as the answer is.
 */
import { api } from '../../lib/api.ts';
import { el } from '../../lib/dom.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Purchase as PurchaseDto } from '../../shared/order.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { pageToast, showPageFlash } from '../ui/page-toast.ts';
import { LABELS } from './labels.ts';

type Purchase = Omit<PurchaseDto, 'purchase'> & { purchase?: Partial<PurchaseDto['purchase']> & { paidAt: string; amount: number } };

/** docs/product.md, States: the description cut to 100 characters plus an ellipsis. */
export function cutDescription(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

const dateFormat = typeof Intl !== 'undefined' ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }) : null;

function card(course: Purchase): HTMLLIElement {
  const bought = course.purchase;
  // Thumbnails beside the text (purchases.css): the text is what a visitor reads first, so no
  // image is fetched before the list is on screen.
  const image = course.image.url
    ? el('img', {
        src: course.image.url,
        alt: '',
        width: '800',
        height: '450',
        loading: 'lazy',
        decoding: 'async',
      })
    : el('div', { class: 'shop-card-noimage', 'aria-hidden': 'true' });
  return el(
    'li',
    { class: 'card purchase-card' },
    image,
    el(
      'div',
      { class: 'purchase-body' },
      el('h2', { class: 'shop-card-title' }, course.title),
      el('p', { class: 'shop-card-desc' }, cutDescription(course.description)),
      el(
        'p',
        { class: 'purchase-meta' },
        el('strong', { class: 'price' }, formatRupees(bought?.amount ?? course.price)),
        bought && dateFormat && el('span', { class: 'muted' }, ` · Bought ${dateFormat.format(new Date(bought.paidAt))}`),
        bought?.discountCode && el('span', { class: 'muted' }, ` · with code ${bought.discountCode}`),
      ),
      bought?.invoice &&
        el(
          'p',
          { class: 'purchase-invoice' },
          el('a', { href: bought.invoice.pdfUrl, download: true }, `Download GST invoice ${bought.invoice.number} (PDF)`),
        ),
    ),
  );
}

export function showPurchases(): void {
  const root = document.querySelector<HTMLElement>('[data-purchases]');
  if (!root || !requireLogin()) return;
  showPageFlash();
  api<{ courseData: Purchase[] }>('/user/purchases')
    .then(({ courseData }) =>
      root.replaceChildren(
        courseData.length === 0
          ? el(
              'div',
              { class: 'shop-empty' },
              el('p', { class: 'shop-state' }, LABELS.noPurchases),
              el('a', { class: 'btn btn-primary', href: '/courses' }, 'Browse courses'),
            )
          : el('ul', { class: 'purchase-list', 'aria-label': 'Your courses' }, ...courseData.map(card)),
      ),
    )
    .catch((error: unknown) => {
      if (handleExpired(error)) return;
      root.replaceChildren(el('p', { class: 'form-error', role: 'alert' }, LABELS.purchasesFailed));
      void pageToast('error', LABELS.purchasesFailed);
    });
}
