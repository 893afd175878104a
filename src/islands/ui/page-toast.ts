/**
 * A toast from a page script (a screen without an island): the same Toaster as the islands'
 * (./Toasts.tsx), mounted on its own the first time a message is shown, so the page carries no
 * framework code until it has something to say.
 */
import { takeFlash } from '../../lib/flash.ts';

export async function pageToast(kind: 'error' | 'success', message: string): Promise<void> {
  const { showToast } = await import('./page-toaster.tsx');
  showToast(kind, message);
}

/** The message the previous screen left with `setFlash`, once. */
export function showPageFlash(): void {
  const flash = takeFlash();
  if (flash) void pageToast(flash.kind, flash.message);
}
