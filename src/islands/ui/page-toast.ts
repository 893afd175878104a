/**
 * A toast from a page script (a screen without an island): the same Toaster as the islands'
 * (./Toasts.tsx), in a script of its own (PageToasts.astro, kept inert in the page until a message
 * is shown; src/islands/lazy-script.ts), so the page carries no framework code until it has
 * something to say. Messages raised before it has arrived wait in a queue it empties.
 */
import { loadLazyScript } from '../lazy-script.ts';

export type PageToast = { kind: 'error' | 'success'; message: string };
export const PAGE_TOASTS_KEY = '__aspiraPageToasts';

export function pageToast(kind: PageToast['kind'], message: string): void {
  const host = window as unknown as Record<string, PageToast[] | undefined>;
  (host[PAGE_TOASTS_KEY] ??= []).push({ kind, message });
  loadLazyScript('page-toasts');
}

/** The message the previous screen left with `setFlash` (lib/flash.ts), shown once. */
export function showPageFlash(): void {
  try {
    if (sessionStorage.getItem('aspira.flash') === null) return;
  } catch {
    return;
  }
  loadLazyScript('page-toasts');
}
