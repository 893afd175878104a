import { forwardRef, useEffect, type InputHTMLAttributes } from 'react';
import { ApiError, errorText } from '../../lib/api.ts';
import { HONEYPOT } from '../../shared/leads.ts';
import { toast } from '../ui/Toasts.tsx';
import { captureTracking, readTouches } from './tracking.ts';

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

/** Records this visit's campaign and referring page once the form is alive (./tracking.ts). */
export function useTracking(): void {
  useEffect(() => captureTracking(), []);
}

/**
 * A send that failed, in one toast: the server's field errors are shown under their fields (and
 * said by the form's `onInvalid`), never as the API's "field: message" lines.
 */
export function toastSendError(error: unknown, fallback: string): void {
  if (error instanceof ApiError && !error.noResponse && Object.keys(error.fieldErrors()).length) return;
  toast.error(errorText(error, fallback), 'form-problem');
}

/** Where a lead form posts without JavaScript: the same endpoint, which answers a form post with a page (netlify/functions/leads.mts). */
export const LEAD_ACTION = {
  contact: '/api/v1/user/contactus',
  scholarship: '/api/v1/user/scholarship',
  pitch: '/api/v1/user/tank',
} as const;

/** The parsed form data plus this visit's campaign and referring page. */
export function withTracking<T extends object>(data: T): T {
  return { ...readTouches(), ...data };
}
