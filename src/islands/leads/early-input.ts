/**
 * Keystrokes typed into a form before its code has loaded (a lead form hydrates on first intent,
 * the advisor form when its dialog first opens, page scripts after the first paint) would be wiped
 * by hydration. The page bootstrap (src/integrations/after-paint.ts), inline at the end of every
 * page, remembers them from the start under this key; the form takes them over when it mounts.
 */
type Stash = WeakMap<HTMLFormElement, Record<string, string>>;
export const EARLY_INPUT_KEY = '__aspiraEarlyInput';

function stash(): Stash {
  const host = window as unknown as Record<string, Stash | undefined>;
  return (host[EARLY_INPUT_KEY] ??= new WeakMap());
}

/** What was typed into this form before it came alive (empty when nothing was). */
export function takeEarlyInput(form: HTMLFormElement | null): Record<string, string> {
  if (!form) return {};
  const values = stash().get(form) ?? {};
  stash().delete(form);
  return values;
}
