/**
 * Keystrokes typed into a form before its island has hydrated (the advisor form loads when the
 * dialog first opens) would be wiped by hydration. A document-level listener, registered on every
 * page by a tiny script, remembers them; the island takes them over when it mounts.
 */
type Stash = WeakMap<HTMLFormElement, Record<string, string>>;
const KEY = '__aspiraEarlyInput';

function stash(): Stash {
  const host = window as unknown as Record<string, Stash | undefined>;
  return (host[KEY] ??= new WeakMap());
}

export function recordEarlyInput(): void {
  const remember = (event: Event) => {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
    const form = target && 'form' in target ? target.form : null;
    if (!form || !target!.name || form.hasAttribute('data-ready')) return;
    if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) return;
    const values = stash().get(form) ?? {};
    values[target!.name] = target!.value;
    stash().set(form, values);
  };
  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);
}

/** What was typed into this form before it came alive (empty when nothing was). */
export function takeEarlyInput(form: HTMLFormElement | null): Record<string, string> {
  if (!form) return {};
  const values = stash().get(form) ?? {};
  stash().delete(form);
  return values;
}
