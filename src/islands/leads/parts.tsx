import { forwardRef, useEffect, useRef, useState, type InputHTMLAttributes, type RefObject } from 'react';
import { HONEYPOT } from '../../shared/leads.ts';
import { takeEarlyInput, type EarlyInput } from '../ui/early-input.ts';
import { captureTracking, readTouches } from './tracking.ts';
import './leads.css';

/** The hidden field bots fill and people never see (nor reach with the keyboard or a screen reader). */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="lead-hp" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

/** A phone input with a visible +91 in front (the advisor form, docs/product.md, Entities). */
export const IndianPhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function IndianPhoneInput(
  { className, ...props },
  ref,
) {
  return (
    <div className="lead-phone">
      <span className="lead-phone-prefix" aria-hidden="true">
        +91
      </span>
      <input ref={ref} type="tel" inputMode="tel" autoComplete="tel-national" className={className} {...props} />
    </div>
  );
});

/**
 * Hydration: takes over what the visitor typed, ticked or picked before the island came alive,
 * then marks the form ready (`data-ready`; tests wait for it). Returns the ref for the <form> and
 * the ready flag.
 */
export function useReady(apply: (values: EarlyInput) => void): { formRef: RefObject<HTMLFormElement | null>; ready: boolean } {
  const formRef = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    captureTracking();
    const early = takeEarlyInput(formRef.current);
    if (Object.keys(early).length) apply(early);
    setReady(true);
  }, []);
  return { formRef, ready };
}

/** The parsed form data plus this visit's campaign and referring page. */
export function withTracking<T extends object>(data: T): T {
  return { ...readTouches(), ...data };
}
