/**
 * The email step of /information: sending the code (the wait is per address, and the countdown
 * ticks only while it runs) and checking it. Part of the flow hook (useRegistration.ts).
 */
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { OtpVerifyAnswer } from '../../shared/registration-answers.ts';
import { emailProblem, type registrationFormSchema } from '../../shared/registration-form.ts';
import { OTP_RESEND_SECONDS } from '../../shared/registration-fees.ts';
import { toast } from '../ui/Toasts.tsx';
import type { useForm } from '../ui/useForm.ts';
import { MSG } from './messages.ts';
import { normalise, resendSecondsLeft, type Action, type State } from './machine.ts';

type Form = Pick<ReturnType<typeof useForm<typeof registrationFormSchema>>, 'values' | 'setField' | 'setErrors'>;

export function focusField(name: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`.reg-form [name="${name}"]`)?.focus());
}

export function useEmailCode(state: State, dispatch: Dispatch<Action>, form: Form) {
  const { values, setField, setErrors } = form;
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const otpInput = useRef<HTMLInputElement>(null);

  // The wait for a new code applies to the address in the field; the countdown ticks only while it runs.
  const secondsLeft = resendSecondsLeft(state, values.email, now);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  function editEmail(value: string) {
    setField('email', value);
    dispatch({ type: 'emailEdited', email: value });
    setNow(Date.now());
  }

  async function sendOtp() {
    const problem = emailProblem(values.email);
    if (problem) {
      setErrors((e) => ({ ...e, email: problem }));
      focusField('email');
      return;
    }
    const email = normalise(values.email);
    if (resendSecondsLeft(state, email, Date.now()) > 0 || state.busy) return;
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
      const apiError = error instanceof ApiError ? error : undefined;
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'sendFailed', email, ...(apiError?.retryAfter ? { resendAt: at + apiError.retryAfter * 1000 } : {}) });
      if (apiError?.status === 429) toast.error(errorText(apiError, MSG.otpSendFailed));
      else if (apiError && !apiError.noResponse && apiError.status < 500) {
        const field = apiError.fieldErrors()['email'];
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
      const answer = await api<OtpVerifyAnswer>('/otp/verify', { body: { email: state.email, otp: code } });
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

  return {
    secondsLeft,
    otpInput,
    otp: { value: otp, error: otpError, set: (v: string) => (setOtp(v.replace(/\D/g, '').slice(0, 6)), setOtpError(undefined)) },
    editEmail,
    sendOtp,
    verifyOtp,
  };
}
