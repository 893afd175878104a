/**
 * The script of every page's chrome, in one file (one request after the first paint instead of
 * one per part): the header's menus, the programme search, the Contact Us bar and its dialog, the
 * advisor form's loader (its code comes on the dialog's first open: lazy-script.ts) and this
 * visit's campaign and referring page, recorded for the forms to send along (leads/tracking.ts).
 */
import { initAdvisorDialog } from './contact-bar/contact-bar.ts';
import { loadLazyScript } from './lazy-script.ts';
import { captureTracking } from './leads/tracking.ts';
import { initNav } from './nav/nav.ts';
import { initSearch } from './search/search.ts';

initSearch();
initNav();
// The advisor form's styles come when a visitor heads for a Contact Us button; the dialog opens once they are in.
const advisorStyles = () => loadLazyScript('advisor-styles');
for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
  document.addEventListener(type, (event) => void ((event.target as Element).closest?.('[data-open-advisor]') && advisorStyles()), {
    passive: true,
  });
}
initAdvisorDialog({ prepare: advisorStyles });
captureTracking();
// Field data comes with the first input (a scroll, tap or key), so no page loads it before: its
// observers are buffered and still see the paints. A visit left with no input at all is not measured.
const reportVitals = () => void loadLazyScript('vitals');
for (const type of ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const) {
  addEventListener(type, reportVitals, { once: true, passive: true, capture: true });
}
document.getElementById('advisor-dialog')?.addEventListener('advisor:open', () => loadLazyScript('advisor-form'), { once: true });
