/**
 * What survives a reload of /information: the flow (a verified email for this tab in
 * sessionStorage; a registration on this device in localStorage) and the typed form (this tab).
 * Storage may be unavailable (private mode, blocked): then nothing is kept, nothing breaks.
 */
import { fromSaved, type Saved, type State } from './machine.ts';

const FLOW_KEY = 'aspira.registration';
const FORM_KEY = 'aspira.registration.form';

function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): unknown {
  try {
    const raw = store(kind)?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: unknown): void {
  try {
    if (value === null) store(kind)?.removeItem(key);
    else store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the flow still works, it just will not survive a reload.
  }
}

export type SavedRegistration = Saved & { name?: string; phone?: string };

export function readFlow(): { state: Partial<State>; contact: { name?: string; phone?: string } } | null {
  for (const kind of ['local', 'session'] as const) {
    const value = read(kind, FLOW_KEY) as SavedRegistration | null;
    const state = fromSaved(value);
    if (state)
      return {
        state,
        contact: { name: typeof value?.name === 'string' ? value.name : '', phone: typeof value?.phone === 'string' ? value.phone : '' },
      };
  }
  return null;
}

export function writeFlow(saved: SavedRegistration): void {
  const registered = saved.phase === 'registered' || saved.phase === 'paid';
  const pending = saved.phase === 'otpSent' || saved.phase === 'verified';
  write('local', FLOW_KEY, registered ? { ...saved, verificationToken: null } : null);
  write('session', FLOW_KEY, pending ? { ...saved, name: undefined, phone: undefined } : null);
}

export function readForm(): Record<string, string> | null {
  const value = read('session', FORM_KEY);
  if (!value || typeof value !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') out[key] = v;
  return out;
}

export function writeForm(values: Record<string, unknown> | null): void {
  write('session', FORM_KEY, values);
}
