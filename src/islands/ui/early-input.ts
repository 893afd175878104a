/**
 * What a visitor types, ticks or picks in a form before its code has loaded (a lead form hydrates
 * on first intent, the advisor form when its dialog first opens, a slow phone later still) stays
 * in the form's controls: hydration leaves their values as they are, but the form's state starts
 * from its empty defaults. The form kit reads the controls when the form's first render commits,
 * in the same task (useEarlyInput.ts), so nothing typed before or during hydration is lost.
 * docs/architecture.md, "Islands and hydration".
 */
/** By field name: a text, a select or the chosen radio as a string, a group of boxes as the values ticked, one box as a boolean. */
export type EarlyInput = Record<string, string | string[] | boolean>;

type Control = HTMLInputElement & { form: HTMLFormElement | null };

/**
 * The form's controls as its values hold them. With `shape` (the form's starting values) only
 * those names, each read as its starting value's type: a boolean is whether its box is ticked
 * (never the box's `['on']`), a list the values ticked among the boxes of that name, a string the
 * value. Without it every named control (a box's name maps to the values ticked). Hidden, file
 * and button controls, and one with `data-early="skip"`, are left out; so is an empty text.
 */
export function readControls(form: HTMLFormElement | null, shape?: Record<string, unknown>): EarlyInput {
  const found: EarlyInput = {};
  if (!form) return found;
  for (const element of Array.from(form.elements)) {
    const control = element as Control;
    const name = control.name;
    if (!name || control.dataset['early'] === 'skip' || /^(hidden|submit|button|reset|file)$/.test(control.type)) continue;
    if (shape && !(name in shape)) continue;
    const kind = shape ? typeof shape[name] : control.type === 'checkbox' ? 'object' : 'string';
    if (control.type === 'checkbox') {
      if (kind === 'boolean') found[name] = found[name] === true || control.checked;
      else if (kind === 'object') {
        const ticked = Array.isArray(found[name]) ? (found[name] as string[]) : [];
        found[name] = control.checked ? [...ticked, control.value] : ticked;
      }
    } else if (control.type === 'radio') {
      if (control.checked) found[name] = control.value;
    } else if (control.value && kind === 'string') found[name] = control.value;
  }
  return found;
}

/** What this form held when it came alive, every named control (a control of a component's own: CodeField). */
export const peekEarlyInput = (form: HTMLFormElement | null): EarlyInput => readControls(form);
