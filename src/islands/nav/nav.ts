/**
 * Header menus without a framework.
 * - [data-menu]: a trigger button + panel. Opens on mouse hover, on tap/click (toggles) and from the
 *   keyboard (Enter/Space/ArrowDown on the trigger). Escape or focus leaving closes it.
 * - the "All Courses" category tabs: hover, click or arrow keys select a category.
 * - [data-drawer-open]: opens the mobile slide-in menu (a modal <dialog>); ×, Escape and a click
 *   outside close it, and focus returns to the Menu button.
 */
const CLOSE_DELAY = 180;

function menus(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-menu]'));
}

function setOpen(menu: HTMLElement, open: boolean): void {
  const trigger = menu.querySelector<HTMLButtonElement>('[data-menu-trigger]');
  menu.classList.toggle('is-open', open);
  trigger?.setAttribute('aria-expanded', String(open));
  if (open) for (const other of menus()) if (other !== menu) setOpen(other, false);
}

function setupMenu(menu: HTMLElement): void {
  const trigger = menu.querySelector<HTMLButtonElement>('[data-menu-trigger]');
  if (!trigger) return;
  let timer: number | undefined;
  let hoverOpenedAt = 0;
  menu.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(timer);
    if (!menu.classList.contains('is-open')) hoverOpenedAt = Date.now();
    setOpen(menu, true);
  });
  menu.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    timer = window.setTimeout(() => setOpen(menu, false), CLOSE_DELAY);
  });
  trigger.addEventListener('click', () => {
    // A click that lands right after the hover opened the menu must not close it again.
    if (Date.now() - hoverOpenedAt < 600) return setOpen(menu, true);
    setOpen(menu, !menu.classList.contains('is-open'));
  });
  trigger.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(menu, true);
      menu.querySelector<HTMLElement>('.menu-panel [role="tab"][aria-selected="true"], .menu-panel a')?.focus();
    }
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('is-open')) {
      setOpen(menu, false);
      trigger.focus();
    }
  });
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget as Node | null) && !menu.matches(':hover')) setOpen(menu, false);
  });
}

function setupTabs(tablist: HTMLElement): void {
  const tabs = Array.from(tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const select = (tab: HTMLButtonElement) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls') ?? '')?.classList.toggle('is-active', on);
    }
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') select(tab);
    });
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      const next = tabs[(i + step + tabs.length) % tabs.length];
      if (next) {
        select(next);
        next.focus();
      }
    });
  });
}

function setupDrawer(button: HTMLButtonElement): void {
  const dialog = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLDialogElement | null;
  if (!dialog) return;
  button.addEventListener('click', () => {
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => {
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-drawer-close]') || target.closest('a[href]')) return dialog.close();
    if (target !== dialog) return;
    // A click on the dialog element itself outside its box is a click on the backdrop.
    const box = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close();
  });
}

export function initNav(): void {
  menus().forEach(setupMenu);
  document.querySelectorAll<HTMLElement>('.mega-tabs').forEach(setupTabs);
  document.querySelectorAll<HTMLButtonElement>('[data-drawer-open]').forEach(setupDrawer);
  document.addEventListener('click', (event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) setOpen(menu, false);
  });
}
