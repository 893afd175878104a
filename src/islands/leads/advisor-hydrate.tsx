import { hydrateRoot } from 'react-dom/client';
import AdvisorForm from './AdvisorForm.tsx';

/** Brings the server-rendered advisor form (AdvisorMount.astro) to life, once. */
export function hydrateAdvisorForm(): void {
  const root = document.querySelector<HTMLElement>('[data-advisor-form]:not([data-hydrated])');
  if (!root) return;
  root.dataset.hydrated = '';
  hydrateRoot(root, <AdvisorForm source="advisor" />);
}
