import { useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { openCheckout } from '../../lib/checkout.ts';
import type { CheckoutOrder } from '../../shared/checkout.ts';
import { formatRupees } from '../../shared/money.ts';
import {
  CUSTOM_OPTION,
  customAmountPaise,
  FEE_OPTIONS,
  OTP_RESEND_SECONDS,
  REQUIRED_FIELDS,
  successUrl,
  type FeeOptionId,
  type PaidRegistrationDto,
} from '../../shared/registration-fees.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { initialState, reducer, resendSecondsLeft, toSaved } from './machine.ts';
import { readFlow, readForm, writeFlow, writeForm } from './storage.ts';
import './registration.css';

/** The spec's messages (section 8), word for word. */
const MSG = {
  otpSent: 'OTP sent to your email!',
  otpSendFailed: 'Failed to send OTP',
  otpServerError: 'Server error while sending OTP',
  otpVerified: 'OTP verified',
  invalidOtp: 'Invalid OTP',
  verifyFirst: 'Please verify your OTP first.',
  fillRequired: 'Please fill all required fields.',
  registered: 'Registered successfully as unpaid user!',
  registrationFailed: 'Registration failed',
  registerUnpaidFailed: 'Failed to register unpaid user',
  orderFailed: 'Order creation failed',
  paymentSuccessful: 'Payment successful!',
  paymentFailed: 'Payment failed',
} as const;

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  fatherName: '',
  qualification: '',
  highschool: '',
  university: '',
  sop: '',
  experience: '',
  motivation: '',
};
type Values = typeof EMPTY;

type CreateOrderAnswer = { checkout: CheckoutOrder; programName: string; prefill: { name: string; email: string; contact: string } };
type RegisterPaidAnswer = { success: boolean; message: string; registration?: PaidRegistrationDto };

const REQUIRED_MESSAGES: Record<(typeof REQUIRED_FIELDS)[number], string> = {
  name: 'Enter your name',
  email: 'Enter your email address',
  phone: 'Enter your phone number',
  fatherName: "Enter your father's name",
  highschool: 'Enter your high school percentage',
  motivation: 'Enter your motivation',
};

/**
 * The browser only checks what needs no round trip (required fields, the email's shape); the
 * API checks everything with the shared zod schema (src/shared/registration.ts) and names each
 * bad field, which lands under that field. Keeping zod out of this page keeps it in budget.
 */
function missingFields(values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of REQUIRED_FIELDS) if (!values[field].trim()) out[field] = REQUIRED_MESSAGES[field];
  return out;
}

function emailProblem(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Enter your email address';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254 ? undefined : 'Enter a valid email address';
}

function focusField(name: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`.reg-form [name="${name}"]`)?.focus());
}

export default function Registration() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [customAmount, setCustomAmount] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const [ready, setReady] = useState(false);
  const otpInput = useRef<HTMLInputElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  // A reload keeps a verified email (this tab) and a registration (this device).
  useEffect(() => {
    const saved = readFlow();
    const stored = readForm();
    const draft = stored ? (Object.fromEntries(Object.entries(stored).filter(([k]) => k in EMPTY)) as Partial<Values>) : null;
    if (saved) dispatch({ type: 'restored', state: saved.state });
    setValues((v) => ({
      ...v,
      ...(draft ?? {}),
      ...(saved?.state.email ? { email: saved.state.email } : {}),
      ...(saved?.contact.name && !draft?.['name'] ? { name: saved.contact.name } : {}),
      ...(saved?.contact.phone && !draft?.['phone'] ? { phone: saved.contact.phone } : {}),
    }));
    setReady(true);
  }, [setValues]);

  useEffect(() => {
    if (!ready) return;
    const registered = state.phase === 'registered' || state.phase === 'paid';
    writeFlow({ ...toSaved(state), ...(registered ? { name: values.name, phone: values.phone } : {}) });
  }, [ready, state, values.name, values.phone]);

  useEffect(() => {
    if (ready) writeForm(values);
  }, [ready, values]);

  // The resend countdown ticks only while it runs.
  const secondsLeft = resendSecondsLeft(state, now);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  useEffect(() => {
    if (state.pay === 'menu') menuRef.current?.querySelector('button')?.focus();
  }, [state.pay]);

  const registered = state.phase === 'registered' || state.phase === 'paid';
  const verified = state.phase === 'verified' || registered;

  function setField(name: keyof Values, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    readOnly: registered || undefined,
  });

  function onEmailChange(value: string) {
    setField('email', value);
    dispatch({ type: 'emailEdited', email: value });
  }

  async function sendOtp() {
    const problem = emailProblem(values.email);
    if (problem) {
      setErrors((e) => ({ ...e, email: problem }));
      focusField('email');
      return;
    }
    const email = values.email.trim().toLowerCase();
    if (resendSecondsLeft(state, Date.now()) > 0 || state.busy) return;
    dispatch({ type: 'sendStarted' });
    try {
      await api('/otp/send', { body: { email } });
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'otpSent', email, resendAt: at + OTP_RESEND_SECONDS * 1000 });
      setOtp('');
      setOtpError(undefined);
      toast.success(MSG.otpSent);
      requestAnimationFrame(() => otpInput.current?.focus());
    } catch (error) {
      const api = error instanceof ApiError ? error : undefined;
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'sendFailed', ...(api?.retryAfter ? { resendAt: at + api.retryAfter * 1000 } : {}) });
      if (api?.status === 429) toast.error(errorText(api, MSG.otpSendFailed));
      else if (api && !api.noResponse && api.status < 500) {
        const field = api.fieldErrors()['email'];
        if (field) setErrors((e) => ({ ...e, email: field }));
        toast.error(MSG.otpSendFailed);
      } else toast.error(MSG.otpServerError);
    }
  }

  async function verifyOtp() {
    if (state.phase !== 'otpSent' || state.busy) return;
    const code = otp.trim();
    if (!/^\d{6}$/.test(code)) {
      setOtpError('Enter the 6-digit code from the email');
      toast.error(MSG.invalidOtp);
      otpInput.current?.focus();
      return;
    }
    dispatch({ type: 'verifyStarted' });
    try {
      const answer = await api<{ verificationToken: string }>('/otp/verify', { body: { email: state.email, otp: code } });
      dispatch({ type: 'verified', verificationToken: answer.verificationToken });
      setOtp('');
      setOtpError(undefined);
      toast.success(MSG.otpVerified);
    } catch (error) {
      dispatch({ type: 'verifyFailed' });
      const message = errorText(error, MSG.invalidOtp);
      setOtpError(message);
      toast.error(message);
      otpInput.current?.focus();
    }
  }

  async function register() {
    if (state.phase !== 'verified' || !state.verificationToken) {
      toast.error(MSG.verifyFirst);
      return;
    }
    const submitted = { ...values, email: state.email };
    const missing = missingFields(submitted);
    if (Object.keys(missing).length) {
      setErrors(missing);
      toast.error(MSG.fillRequired);
      focusField(Object.keys(missing)[0]!);
      return;
    }
    dispatch({ type: 'registerStarted' });
    try {
      const answer = await api<{ message: string; registrationToken: string }>('/user/register-unpaid', {
        body: { ...submitted, verificationToken: state.verificationToken },
      });
      dispatch({ type: 'registered', registrationToken: answer.registrationToken });
      setErrors({});
      toast.success(answer.message || MSG.registered);
      requestAnimationFrame(() => payButton.current?.focus());
    } catch (error) {
      dispatch({ type: 'registerFailed' });
      if (!(error instanceof ApiError) || error.noResponse || error.status >= 500) {
        toast.error(MSG.registerUnpaidFailed);
      } else if (error.status === 403) {
        dispatch({ type: 'verificationExpired' });
        toast.error(MSG.verifyFirst);
      } else {
        const fields = error.fieldErrors();
        setErrors(fields);
        const first = Object.keys(fields)[0];
        if (first) focusField(first);
        toast.error(errorText(error, MSG.registrationFailed));
      }
    }
  }

  async function pay(feeOption: FeeOptionId, amount?: string) {
    if (!state.registrationToken) return;
    dispatch({ type: 'orderRequested' });
    let order: CreateOrderAnswer;
    try {
      order = await api<CreateOrderAnswer>('/payment/create-order', {
        body: { registrationToken: state.registrationToken, feeOption, ...(feeOption === 'custom' ? { amount } : {}) },
      });
      dispatch({ type: 'orderCreated' });
    } catch (error) {
      dispatch({ type: 'orderFailed' });
      if (error instanceof ApiError && error.status === 401) {
        dispatch({ type: 'startedOver' });
        toast.error(errorText(error, MSG.orderFailed));
      } else toast.error(error instanceof ApiError && error.status === 400 ? errorText(error, MSG.orderFailed) : MSG.orderFailed);
      return;
    }
    const outcome = await openCheckout({
      ...order.checkout,
      name: 'Aspira Registration',
      description: order.programName,
      prefill: { name: order.prefill.name, email: order.prefill.email, contact: order.prefill.contact },
      onFailedAttempt: () => toast.error(MSG.paymentFailed),
    });
    if (!outcome.ok) {
      dispatch({ type: 'checkoutClosed' });
      if (outcome.reason === 'unavailable') toast.error(outcome.message);
      return;
    }
    dispatch({ type: 'paymentSubmitted' });
    try {
      const answer = await api<RegisterPaidAnswer>('/user/register-paid', {
        body: { registrationToken: state.registrationToken, ...outcome.result },
      });
      if (!answer.registration) {
        dispatch({ type: 'paymentNotRecorded' });
        toast(answer.message);
        return;
      }
      dispatch({ type: 'paid' });
      toast.success(MSG.paymentSuccessful);
      const target = successUrl(answer.registration);
      setTimeout(() => window.location.assign(target), 700);
    } catch (error) {
      dispatch({ type: 'paymentNotRecorded' });
      toast.error(errorText(error, MSG.paymentFailed));
    }
  }

  function startOver() {
    dispatch({ type: 'startedOver' });
    setValues(EMPTY);
    setErrors({});
    writeForm(null);
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && state.pay === 'menu') {
      dispatch({ type: 'payMenuToggled' });
      payButton.current?.focus();
    }
  }

  const customPaise = customAmountPaise(customAmount);
  const customValid = typeof customPaise === 'number';
  const paying = state.pay === 'ordering' || state.pay === 'checkout' || state.pay === 'confirming';

  return (
    <div className="reg" data-ready={ready || undefined} data-phase={state.phase}>
      <Toasts />
      <form className="reg-form" noValidate onSubmit={(e) => e.preventDefault()} aria-label="Registration">
        <fieldset className="reg-step card">
          <legend className="reg-legend">
            <span className="reg-step-no" aria-hidden="true">
              1
            </span>{' '}
            Verify your email
          </legend>
          <div className="reg-email-row">
            <Field label="Email" error={errors['email']} required className="reg-grow">
              <input
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                value={values.email}
                readOnly={registered || undefined}
                onChange={(e) => onEmailChange(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (!verified) void sendOtp();
                  }
                }}
              />
            </Field>
            {verified ? (
              <p className="reg-verified" role="status">
                <span aria-hidden="true">✓</span> Email verified
              </p>
            ) : (
              <button
                type="button"
                className="btn btn-secondary reg-send"
                onClick={() => void sendOtp()}
                disabled={state.busy === 'sending' || secondsLeft > 0}
              >
                {state.busy === 'sending'
                  ? 'Sending...'
                  : state.phase === 'otpSent'
                    ? secondsLeft > 0
                      ? `Resend OTP in ${secondsLeft}s`
                      : 'Resend OTP'
                    : 'Send OTP'}
              </button>
            )}
          </div>
          {state.phase === 'otpSent' && (
            <div className="reg-otp-row">
              <Field
                label="OTP"
                error={otpError}
                required
                hint={`We sent a 6-digit code to ${state.email}. It is valid for 10 minutes.`}
                className="reg-grow"
              >
                <input
                  ref={otpInput}
                  name="otp"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={6}
                  value={otp}
                  onChange={(e) => {
                    setOtp(e.target.value.replace(/\D/g, '').slice(0, 6));
                    setOtpError(undefined);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void verifyOtp();
                    }
                  }}
                />
              </Field>
              <button
                type="button"
                className="btn btn-primary reg-verify"
                onClick={() => void verifyOtp()}
                disabled={state.busy === 'verifying'}
              >
                {state.busy === 'verifying' ? 'Verifying...' : 'Verify OTP'}
              </button>
            </div>
          )}
          {state.phase === 'otpSent' && secondsLeft > 0 && (
            <p className="reg-countdown" aria-live="off">
              Didn't get it? Check your spam folder. You can ask for a new code in {secondsLeft} s.
            </p>
          )}
        </fieldset>

        <fieldset className="reg-step card">
          <legend className="reg-legend">
            <span className="reg-step-no" aria-hidden="true">
              2
            </span>{' '}
            Your details
          </legend>
          <div className="reg-grid">
            <Field label="Full name" error={errors['name']} required>
              <input {...bind('name')} type="text" autoComplete="name" maxLength={100} />
            </Field>
            <Field label="Phone" error={errors['phone']} required>
              <input {...bind('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
            </Field>
            <Field label="Father's name" error={errors['fatherName']} required>
              <input {...bind('fatherName')} type="text" maxLength={100} />
            </Field>
            <Field label="Qualification" error={errors['qualification']}>
              <input {...bind('qualification')} type="text" maxLength={200} placeholder="e.g. B.Com, 12th pass" />
            </Field>
            <Field label="High school %" error={errors['highschool']} required>
              <input {...bind('highschool')} type="text" inputMode="decimal" maxLength={6} placeholder="e.g. 78.5" />
            </Field>
            <Field label="University %" error={errors['university']}>
              <input {...bind('university')} type="text" inputMode="decimal" maxLength={6} placeholder="e.g. 68" />
            </Field>
          </div>
          <Field label="Statement of purpose" error={errors['sop']}>
            <textarea {...bind('sop')} rows={3} maxLength={5000} />
          </Field>
          <Field label="Work experience" error={errors['experience']}>
            <textarea {...bind('experience')} rows={2} maxLength={2000} />
          </Field>
          <Field label="Why do you want to join?" error={errors['motivation']} required>
            <textarea {...bind('motivation')} rows={3} maxLength={5000} />
          </Field>
        </fieldset>

        <div className="reg-actions">
          {!verified && <p className="reg-hint">Verify your email to register.</p>}
          {verified && (
            <button
              type="button"
              className={registered ? 'btn btn-primary btn-lg reg-done' : 'btn btn-primary btn-lg'}
              onClick={() => void register()}
              disabled={registered || state.busy === 'registering'}
              aria-busy={state.busy === 'registering' || undefined}
            >
              {registered ? 'Registered' : state.busy === 'registering' ? 'Registering...' : 'Register'}
            </button>
          )}
          {registered && (
            <div className="reg-pay" onKeyDown={onMenuKey}>
              <button
                ref={payButton}
                type="button"
                className="btn btn-accent btn-lg"
                aria-expanded={state.pay === 'menu'}
                aria-controls="fee-menu"
                disabled={paying}
                aria-busy={paying || undefined}
                onClick={() => dispatch({ type: 'payMenuToggled' })}
              >
                {paying ? 'Processing...' : 'Pay Now'}
              </button>
              {state.pay === 'menu' && (
                <ul id="fee-menu" className="fee-menu card" ref={menuRef} aria-label="Registration fee options">
                  {FEE_OPTIONS.map((option) => (
                    <li key={option.id}>
                      <button type="button" onClick={() => void pay(option.id)}>
                        <span>{option.label}</span>
                        <span className="price">{formatRupees(option.rupees)}</span>
                      </button>
                    </li>
                  ))}
                  <li>
                    <button type="button" onClick={() => dispatch({ type: 'customChosen' })}>
                      <span>{CUSTOM_OPTION.label}</span>
                      <span className="fee-custom-hint">Enter amount</span>
                    </button>
                  </li>
                </ul>
              )}
            </div>
          )}
          {registered && (
            <button type="button" className="btn btn-ghost btn-sm reg-start-over" onClick={startOver} disabled={paying}>
              Not you? Start over
            </button>
          )}
        </div>
      </form>

      <Dialog
        open={state.pay === 'custom'}
        onClose={() => dispatch({ type: 'customClosed' })}
        title="Pay a custom amount"
        className="reg-dialog"
      >
        <form
          className="reg-custom"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (customValid) void pay('custom', customAmount.trim());
          }}
        >
          <Field
            label="Amount (₹)"
            hint="At least ₹1."
            error={customAmount.trim() && !customValid ? String(customPaise) : undefined}
            required
          >
            <input
              name="amount"
              type="number"
              inputMode="decimal"
              min={1}
              step="0.01"
              value={customAmount}
              onChange={(e) => setCustomAmount(e.target.value)}
            />
          </Field>
          <div className="reg-custom-actions">
            <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'customClosed' })}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={!customValid}>
              Pay
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
