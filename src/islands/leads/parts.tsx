import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import { HONEYPOT } from '../../shared/leads.ts';
import { captureTracking, readTracking } from './tracking.ts';
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

/** A phone input with a visible +91 in front (the advisor form, spec section 2). */
export const IndianPhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function IndianPhoneInput({ className, ...props }, ref) {
  return (
    <div className="lead-phone">
      <span className="lead-phone-prefix" aria-hidden="true">
        +91
      </span>
      <input ref={ref} type="tel" inputMode="tel" autoComplete="tel-national" className={className} {...props} />
    </div>
  );
});

/** True once the island is interactive (tests and styles may wait for `data-ready`). */
export function useReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    captureTracking();
    setReady(true);
  }, []);
  return ready;
}

/** The parsed form data plus this visit's campaign and referring page. */
export function withTracking<T extends object>(data: T): T {
  return { ...readTracking(), ...data };
}
