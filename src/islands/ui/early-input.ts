/**
 * What a visitor types, ticks or picks in a form before its code has loaded (a lead form hydrates
 * on first intent, the advisor form when its dialog first opens, page scripts after the first
 * paint) would be wiped by the form's first render, which writes its own state (the empty
 * defaults) over the prebuilt HTML. The page bootstrap (src/integrations/after-paint.ts), inline
 * at the end of every page, remembers it from the start under this key; the form takes it over
 * when it mounts.
 */
/** By field name: a field's value (text, a select, the chosen radio), or the values ticked among the checkboxes of that name. */
export type EarlyInput = Record<string, string | string[]>;
type Stash = WeakMap<HTMLFormElement, EarlyInput>;
export const EARLY_INPUT_KEY = '__aspiraEarlyInput';

function stash(): Stash {
  const host = window as unknown as Record<string, Stash | undefined>;
  return (host[EARLY_INPUT_KEY] ??= new WeakMap());
}

/** Adds to what this form will take over when it comes alive (a page script filling it in first). */
export function recordEarlyInput(form: HTMLFormElement, values: EarlyInput): void {
  stash().set(form, { ...(stash().get(form) ?? {}), ...values });
}

/** What was typed, ticked or picked in this form before it came alive (empty when nothing was). */
export function takeEarlyInput(form: HTMLFormElement | null): EarlyInput {
  if (!form) return {};
  const values = stash().get(form) ?? {};
  stash().delete(form);
  return values;
}

/**
 * What this form held when it came alive, without taking it: the values hydration left in its
 * controls (typed before the page bootstrap ran), then what the bootstrap recorded. A control
 * with `data-early="skip"` is left out.
 */
export function peekEarlyInput(form: HTMLFormElement | null): EarlyInput {
  if (!form) return {};
  const found: EarlyInput = {};
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.dataset['early'] === 'skip' || /^(hidden|submit|button|reset|file)$/.test(control.type)) continue;
    if (control.type === 'checkbox') {
      const ticked = Array.isArray(found[control.name]) ? (found[control.name] as string[]) : [];
      found[control.name] = control.checked ? [...ticked, control.value] : ticked;
    } else if (control.type === 'radio') {
      if (control.checked) found[control.name] = control.value;
    } else if (control.value) found[control.name] = control.value;
  }
  return { ...found, ...(stash().get(form) ?? {}) };
}
