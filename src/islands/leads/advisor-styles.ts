/**
 * The Contact Us dialog's form styles (form-parts.css), added when a visitor heads for the dialog
 * (AdvisorMount.astro): every page has the dialog, few visitors open it, and these styles kept in
 * each page's HTML pushed the home page past the first round trip.
 */
import css from '../ui/form-parts.css?inline';

const style = document.createElement('style');
style.dataset.advisorStyles = '';
style.textContent = css;
document.head.append(style);
