import { useEffect, useRef, useState, type RefObject } from 'react';
import { peekEarlyInput, takeEarlyInput, type EarlyInput } from './early-input.ts';

/**
 * For a form that comes alive on the first interaction (`client:interaction`): once mounted, it
 * takes over what the visitor typed, ticked or picked while the form was plain HTML (./early-input.ts),
 * then marks the form ready (`data-ready`: a submit held until then is sent, tests wait for it).
 * Returns the ref for the <form> and the ready flag.
 */
export function useEarlyInput(apply: (values: EarlyInput) => void): { formRef: RefObject<HTMLFormElement | null>; ready: boolean } {
  const formRef = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const early = peekEarlyInput(formRef.current);
    takeEarlyInput(formRef.current);
    if (Object.keys(early).length) apply(early);
    setReady(true);
  }, []);
  return { formRef, ready };
}

/** The text values among `early` for these field names (what a text form's state takes). */
export function earlyText<K extends string>(early: EarlyInput, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = early[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
