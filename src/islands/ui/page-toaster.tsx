import { createRoot } from 'react-dom/client';
import { takeFlash } from '../../lib/flash.ts';
import { PAGE_TOASTS_KEY, type PageToast } from './page-toast.ts';
import { toast, Toasts } from './Toasts.tsx';

/**
 * The page's Toaster in a root of its own (PageToasts.astro loads this when a page script first
 * has a message): the flash the previous screen left, then every message raised, now and later.
 */
export function startPageToasts(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<Toasts />);
  const show = ({ kind, message }: PageToast) => toast[kind](message);
  const flash = takeFlash();
  if (flash) show(flash);
  const queue = window as unknown as Record<string, PageToast[] | { push: (t: PageToast) => void } | undefined>;
  for (const waiting of (queue[PAGE_TOASTS_KEY] as PageToast[] | undefined) ?? []) show(waiting);
  queue[PAGE_TOASTS_KEY] = { push: show };
}
