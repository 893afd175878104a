/**
 * Header menus without a framework.
 * - [data-menu]: a trigger button + panel. Opens on mouse hover, on tap/click (toggles) and from the
 *   keyboard (Enter/Space/ArrowDown on the trigger). Escape or focus leaving closes it.
 * - the "All Courses" category tabs: hover, click or arrow keys select a category.
 * - hover switches (category, or from one open menu to a neighbour) go through intent.ts: a pointer
 *   crossing other items on its way into the open panel does not switch them.
 * - [data-drawer-open]: opens the mobile slide-in menu (a modal <dialog>); ×, Escape and a click
 *   outside close it, and focus returns to the Menu button.
 */
import { INTENT_DELAY, pointerHeadingInto, trackPointer, withIntent } from './intent.ts';

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
  const panel = menu.querySelector('.menu-panel');
  let timer: number | undefined;
  let hoverOpenedAt = 0;
  let cancelOpen = () => {};
  menu.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(timer);
    if (menu.classList.contains('is-open')) return;
    // Crossing this trigger on the way into a neighbour's open panel does not switch menus.
    const openPanel =
      menus()
        .find((m) => m !== menu && m.classList.contains('is-open'))
        ?.querySelector('.menu-panel') ?? null;
    cancelOpen();
    cancelOpen = withIntent(menu, openPanel, () => {
      hoverOpenedAt = Date.now();
      setOpen(menu, true);
    });
  });
  menu.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    cancelOpen();
    // Leaving toward the own panel (a diagonal path can leave the menu's box) waits longer.
    const delay = menu.classList.contains('is-open') && pointerHeadingInto(panel) ? CLOSE_DELAY + INTENT_DELAY : CLOSE_DELAY;
    timer = window.setTimeout(() => setOpen(menu, false), delay);
  });
  // The pointer may already rest on the trigger when this script arrives (after the first paint);
  // a click held until now (src/integrations/after-paint.ts) is then replayed and must not close it.
  if (matchMedia('(hover: hover)').matches && trigger.matches(':hover')) {
    hoverOpenedAt = Date.now();
    setOpen(menu, true);
  }
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
  const panels = tablist.parentElement?.querySelector('.mega-panels') ?? null;
  let cancel = () => {};
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse') return;
      cancel();
      cancel = withIntent(tab, panels, () => select(tab));
    });
    // A pointer that turns away from the panel on a crossed category has chosen it.
    tab.addEventListener('pointermove', (event) => {
      if (event.pointerType !== 'mouse' || tab.getAttribute('aria-selected') === 'true' || pointerHeadingInto(panels)) return;
      cancel();
      select(tab);
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
  trackPointer();
  menus().forEach(setupMenu);
  document.querySelectorAll<HTMLElement>('.mega-tabs').forEach(setupTabs);
  document.querySelectorAll<HTMLButtonElement>('[data-drawer-open]').forEach(setupDrawer);
  document.addEventListener('click', (event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) setOpen(menu, false);
  });
}
