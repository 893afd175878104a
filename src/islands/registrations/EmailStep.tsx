import { Field } from '../ui/Field.tsx';
import type { RegistrationFlow } from './useRegistration.ts';

/** Step 1: the email, its one-time code and, when a wait applies, how long it is. */
export function EmailStep({ flow }: { flow: RegistrationFlow }) {
  const { state, form, registered, verified, secondsLeft, otp, refs, actions } = flow;
  const sentHere = state.phase === 'otpSent';
  const sendLabel =
    state.busy === 'sending'
      ? 'Sending...'
      : sentHere
        ? secondsLeft > 0
          ? `Resend OTP in ${secondsLeft}s`
          : 'Resend OTP'
        : secondsLeft > 0
          ? `Send OTP in ${secondsLeft}s`
          : 'Send OTP';
  return (
    <fieldset className="reg-step card">
      <legend className="reg-legend">
        <span className="reg-step-no" aria-hidden="true">
          1
        </span>{' '}
        Verify your email
      </legend>
      <div className="reg-email-row">
        <Field label="Email" error={form.errors['email']} required className="reg-grow">
          <input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={form.values.email}
            readOnly={registered || undefined}
            onChange={(e) => actions.editEmail(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (!verified) void actions.sendOtp();
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
            onClick={() => void actions.sendOtp()}
            disabled={state.busy === 'sending' || secondsLeft > 0}
          >
            {sendLabel}
          </button>
        )}
      </div>
      {sentHere && (
        <div className="reg-otp-row">
          <Field
            label="OTP"
            error={otp.error}
            required
            hint={`We sent a 6-digit code to ${state.email}. It is valid for 10 minutes.`}
            className="reg-grow"
          >
            <input
              ref={refs.otpInput}
              name="otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={otp.value}
              onChange={(e) => otp.set(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void actions.verifyOtp();
                }
              }}
            />
          </Field>
          <button
            type="button"
            className="btn btn-primary reg-verify"
            onClick={() => void actions.verifyOtp()}
            disabled={state.busy === 'verifying'}
          >
            {state.busy === 'verifying' ? 'Verifying...' : 'Verify OTP'}
          </button>
        </div>
      )}
      {!verified && secondsLeft > 0 && (
        <p className="reg-countdown" aria-live="off">
          {sentHere
            ? `Didn't get it? Check your spam folder. You can ask for a new code in ${secondsLeft} s.`
            : `A code was sent to this address a moment ago. You can ask for a new one in ${secondsLeft} s, or correct the address above.`}
        </p>
      )}
    </fieldset>
  );
}
