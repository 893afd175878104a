/**
 * A one-shot message carried across a navigation ("Payment Successful" shown on /purchases,
 * "Course created successfully" on /admin/our-courses). Shown by the `useFlash` hook.
 */
export type Flash = { kind: 'success' | 'error'; message: string };
const KEY = 'aspira.flash';

export function setFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage blocked: the message is lost, the navigation still happens.
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    return JSON.parse(raw) as Flash;
  } catch {
    return null;
  }
}
