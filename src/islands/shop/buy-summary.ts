/**
 * The order summary of /buy/{id} (the page's HTML, src/pages/buy/view.astro): the course, its
 * price and its open batches to choose from, filled in as soon as they are known, without waiting for the form's code (which comes on
 * the first interaction), with the billing details of the learner's last purchase in the form's
 * empty fields (the form takes what its fields hold when it comes alive). A course that cannot be
 * bought shows why instead of the form.
 */
import { formatRupees } from '../../shared/money.ts';
import { loadBuyData } from './buy-data.ts';
import { showBatches } from './buy-batches.ts';

export function showBuySummary(): void {
  const part = (name: string) => document.querySelector<HTMLElement>(`[data-buy="${name}"]`);
  void loadBuyData().then((data) => {
    if (data.kind === 'ready') {
      part('title')!.textContent = data.course.title;
      part('price')!.textContent = formatRupees(data.course.price);
      showBatches(data.batches);
      const form = document.querySelector<HTMLFormElement>('form.buy-form');
      if (form && !form.hasAttribute('data-ready')) {
        for (const [name, value] of Object.entries(data.billing)) {
          const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
          if (field && !field.value && value) field.value = value;
        }
      }
    } else if (data.kind === 'error') {
      part('order')!.hidden = true;
      part('error-message')!.textContent = data.message;
      part('error')!.hidden = false;
    }
  });
}
