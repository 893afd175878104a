/**
 * Opens the advisor <dialog> from any [data-open-advisor] button. Closes on ×, Escape (native) and
 * a click on the backdrop; focus goes back to the opener. Fires `advisor:open` / `advisor:close` on
 * the dialog so a form island can load itself on first open. `prepare` (the form's styles) is
 * waited for before the dialog shows, at most PREPARE_MS: past that it shows as it is.
 */
const PREPARE_MS = 800;

export function initAdvisorDialog({ prepare }: { prepare?: () => Promise<unknown> } = {}): void {
  const dialog = document.getElementById('advisor-dialog') as HTMLDialogElement | null;
  if (!dialog) return;
  let opener: HTMLElement | null = null;

  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-open-advisor]');
    if (!button) return;
    event.preventDefault();
    opener = button;
    const ready = prepare ? Promise.race([prepare(), new Promise((resolve) => setTimeout(resolve, PREPARE_MS))]) : Promise.resolve();
    void ready.then(() => {
      if (!dialog.open) dialog.showModal();
      button.setAttribute('aria-expanded', 'true');
      dialog.dispatchEvent(new CustomEvent('advisor:open'));
    });
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-dialog-close]')) return dialog.close();
    if (target !== dialog) return;
    // A click on the dialog element itself outside its box is a click on the backdrop.
    const box = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event as MouseEvent;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close();
  });
  dialog.addEventListener('close', () => {
    opener?.setAttribute('aria-expanded', 'false');
    opener?.focus();
    dialog.dispatchEvent(new CustomEvent('advisor:close'));
  });
}
