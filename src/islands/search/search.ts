/**
 * Programme search combobox (WAI-ARIA combobox with listbox popup). Case-insensitive substring match
 * on the programme name; ArrowDown/ArrowUp move, Enter opens, Escape closes. No framework.
 */
export function filterNames(names: string[], query: string): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return names.map((_, i) => i);
  return names.flatMap((name, i) => (name.toLowerCase().includes(q) ? [i] : []));
}

function setup(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = form.querySelector<HTMLUListElement>('[role="listbox"]');
  if (!input || !list) return;
  const options = Array.from(list.querySelectorAll<HTMLLIElement>('[role="option"]'));
  const names = options.map((o) => o.dataset.name ?? '');
  let visible: HTMLLIElement[] = [];
  let active = -1;

  const setActive = (index: number) => {
    active = index;
    options.forEach((o) => o.setAttribute('aria-selected', 'false'));
    const option = visible[index];
    if (option) {
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = () => {
    const matches = new Set(filterNames(names, input.value));
    visible = options.filter((o, i) => {
      o.hidden = !matches.has(i);
      return !o.hidden;
    });
    list.hidden = visible.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
    setActive(input.value.trim() && visible.length ? 0 : -1);
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  };
  const go = (option: HTMLLIElement | undefined) => {
    if (!option?.dataset.href) return;
    close();
    window.location.assign(option.dataset.href);
  };

  input.addEventListener('input', open);
  input.addEventListener('focus', () => {
    if (input.value.trim()) open();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (list.hidden) open();
      else setActive(Math.min(active + 1, visible.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(active - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(visible[active] ?? (input.value.trim() ? visible[0] : undefined));
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    }
  });
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => go((event.target as Element).closest<HTMLLIElement>('[role="option"]') ?? undefined));
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go(visible[active] ?? visible[0]);
  });
  // Text typed before this script arrived (it loads after the first paint) gets its matches now.
  if (document.activeElement === input && input.value.trim()) open();
}

export function initSearch(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-search]:not([data-ready])').forEach((form) => {
    form.dataset.ready = '';
    setup(form);
  });
}
