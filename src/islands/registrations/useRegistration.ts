/**
 * The /information flow as a hook: the state machine (machine.ts), the form values (the form
 * kit's useForm with the form's shared schema, src/shared/registration-form.ts), what survives a
 * reload (storage.ts) and the requests of each step (the email code's in useEmailCode.ts). The step
 * components only render.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { codeFromUrl } from '../codes/CodeField.tsx';
import type { FeeCodePreviewAnswer } from '../../shared/codes.ts';
import type {
  CreateOrderAnswer,
  RegisterPaidAnswer,
  RegisterUnpaidAnswer,
  RegistrationStatusAnswer,
} from '../../shared/registration-answers.ts';
import type { ParentConsentStatus } from '../../shared/minors.ts';
import { REGISTRATION_EMPTY, registrationFormSchema, type RegistrationValues } from '../../shared/registration-form.ts';
import { successUrl, type FeeOptionId, type PaidRegistrationDto } from '../../shared/registration-fees.ts';
import { readControls } from '../ui/early-input.ts';
import { readTouches } from '../leads/tracking.ts';
import { useBilling } from '../ui/BillingFields.tsx';
import { toast, toastFieldProblem } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { MSG } from './messages.ts';
import { initialState, reducer, toSaved } from './machine.ts';
import { focusField, useEmailCode } from './useEmailCode.ts';
import { readFlow, readForm, writeFlow, writeForm } from './storage.ts';

const FIELDS = Object.keys(REGISTRATION_EMPTY) as (keyof RegistrationValues)[];
/** The form's starting values: every field empty, the WhatsApp choice unticked. */
const START = { ...REGISTRATION_EMPTY, whatsapp: false };

/** The form as a reload left it (this tab) and the contact of a saved registration; what was typed before the form came alive wins over it. */
function restored(): Partial<RegistrationValues> {
  const saved = readFlow();
  const stored = readForm() as Partial<RegistrationValues> | null;
  return {
    ...(stored ? Object.fromEntries(FIELDS.filter((k) => typeof stored[k] === 'string').map((k) => [k, stored[k]])) : {}),
    ...(saved?.state.email ? { email: saved.state.email } : {}),
    ...(saved?.contact.name && !stored?.name ? { name: saved.contact.name } : {}),
    ...(saved?.contact.phone && !stored?.phone ? { phone: saved.contact.phone } : {}),
  };
}

/**
 * A refused "Register": one toast (the next replaces it) that says what to do. Only empty fields
 * read "Please fill all required fields."; otherwise the first filled field's own problem (a
 * birth date, the parent's email), as shown under it.
 */
function toastRefused(errors: Record<string, string>, values: Record<string, unknown>): void {
  const wrong = Object.keys(errors).filter((name) => String(values[name] ?? '').trim() !== '');
  if (wrong.length) toastFieldProblem({ [wrong[0]!]: errors[wrong[0]!]! }, 'registration-problem');
  else toast.error(MSG.fillRequired, 'registration-problem');
}

export function useRegistration() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const form = useForm(registrationFormSchema, START as RegistrationValues, { restore: restored });
  const { values, ready, formRef } = form;
  const billing = useBilling();
  // A discount or scholarship code for the listed fees (from a shareable link or typed).
  const [initialCode] = useState(codeFromUrl);
  const [code, setCode] = useState<{ code: string; preview: FeeCodePreviewAnswer } | null>(null);
  // A child's registration waits for the parent's consent (asked by email) before any fee.
  const [parentConsent, setParentConsent] = useState<ParentConsentStatus>('not-needed');
  const payButton = useRef<HTMLButtonElement>(null);

  // A reload keeps a verified email (this tab), a registration and its paid fee (this device) and
  // the typed form (this tab, useForm's `restore`); what was typed before the form came alive wins
  // over all of them. Read as the first render commits, with the form kit's own reading.
  useLayoutEffect(() => {
    const saved = readFlow();
    if (saved) dispatch({ type: 'restored', state: saved.state });
    const early = readControls(formRef.current, { email: '' })['email'];
    if (typeof early === 'string') dispatch({ type: 'emailEdited', email: early });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the first render commits: the saved flow and early input
  }, []);

  const registered = state.phase === 'registered' || state.phase === 'paid';
  const verified = state.phase === 'verified' || registered;

  useEffect(() => {
    if (ready) writeFlow({ ...toSaved(state), ...(registered ? { name: values.name, phone: values.phone } : {}) });
  }, [ready, state, registered, values.name, values.phone]);

  useEffect(() => {
    if (ready) writeForm(values);
  }, [ready, values]);

  async function checkParent(): Promise<ParentConsentStatus | null> {
    if (!state.registrationToken) return null;
    try {
      const answer = await api<RegistrationStatusAnswer>('/user/registration-status', {
        body: { registrationToken: state.registrationToken },
      });
      setParentConsent(answer.parentConsent);
      return answer.parentConsent;
    } catch (error) {
      // A refusal erased the registration: its token no longer finds it.
      if (error instanceof ApiError && error.status === 401) {
        setParentConsent('refused');
        return 'refused';
      }
      return null;
    }
  }

  // A reload of a registered child's page asks once where the parent's consent stands.
  const restoredToken = state.phase === 'registered' ? state.registrationToken : null;
  useEffect(() => {
    if (!restoredToken) return;
    void api<RegistrationStatusAnswer>('/user/registration-status', { body: { registrationToken: restoredToken } })
      .then((answer) => setParentConsent(answer.parentConsent))
      .catch(() => {});
  }, [restoredToken]);

  const emailCode = useEmailCode(state, dispatch, form);

  const submitDetails = form.handleSubmit(
    async (data) => {
      if (state.phase !== 'verified' || !state.verificationToken) return void toast.error(MSG.verifyFirst);
      dispatch({ type: 'registerStarted' });
      try {
        const answer = await api<RegisterUnpaidAnswer>('/user/register-unpaid', {
          body: { ...readTouches(), ...data, email: state.email, verificationToken: state.verificationToken },
        });
        setParentConsent(answer.parentConsent);
        dispatch({ type: 'registered', registrationToken: answer.registrationToken });
        toast.success(answer.message || MSG.registered);
        requestAnimationFrame(() => payButton.current?.focus());
      } catch (error) {
        dispatch({ type: 'registerFailed' });
        if (!(error instanceof ApiError) || error.noResponse || error.status >= 500) return void toast.error(MSG.registerUnpaidFailed);
        if (error.status === 403) {
          dispatch({ type: 'verificationExpired' });
          return void toast.error(MSG.verifyFirst);
        }
        // The form kit puts each "field: message" under its field and says the first (toastRefused).
        if (!Object.keys(error.fieldErrors()).length) toast.error(errorText(error, MSG.registrationFailed), 'registration-problem');
        throw error;
      }
    },
    MSG.registrationFailed,
    (errors) => toastRefused(errors, values),
  );

  function register() {
    if (state.phase !== 'verified' || !state.verificationToken) return void toast.error(MSG.verifyFirst);
    void submitDetails();
  }

  /** The tax-invoice details are checked before any order is opened; the first problem gets the focus. */
  function billingReady(): boolean {
    const first = billing.check();
    if (!first) return true;
    if (state.pay === 'menu') dispatch({ type: 'payMenuToggled' });
    if (state.pay === 'custom') dispatch({ type: 'customClosed' });
    toast.error('Check the details for your GST invoice');
    focusField(first);
    return false;
  }

  /** Saved as paid before leaving: Back or a reload shows the paid fee, never "Pay Now". */
  function paidThenSuccess(registration: PaidRegistrationDto): void {
    dispatch({ type: 'paid', registration });
    toast.success(MSG.paymentSuccessful);
    const target = successUrl(registration);
    setTimeout(() => window.location.assign(target), 700);
  }

  async function pay(feeOption: FeeOptionId, amount?: string) {
    if (!state.registrationToken || state.phase !== 'registered') return;
    if (!billingReady()) return;
    dispatch({ type: 'orderRequested' });
    let order: CreateOrderAnswer;
    try {
      order = await api<CreateOrderAnswer>('/payment/create-order', {
        body: {
          registrationToken: state.registrationToken,
          feeOption,
          ...(feeOption === 'custom' ? { amount } : {}),
          ...(feeOption !== 'custom' && code?.preview.options.some((o) => o.feeOption === feeOption) ? { code: code.code } : {}),
          ...billing.values,
        },
      });
      dispatch({ type: 'orderCreated' });
    } catch (error) {
      dispatch({ type: 'orderFailed' });
      if (error instanceof ApiError) billing.serverErrors(error.fieldErrors());
      if (error instanceof ApiError && error.status === 409) {
        dispatch({ type: 'alreadyPaid' });
        toast(errorText(error, MSG.orderFailed));
      } else if (error instanceof ApiError && error.status === 401) {
        dispatch({ type: 'startedOver' });
        toast.error(errorText(error, MSG.orderFailed));
      } else toast.error(error instanceof ApiError && error.status === 400 ? errorText(error, MSG.orderFailed) : MSG.orderFailed);
      return;
    }
    if (order.paid) {
      // A 100% code: the fee is paid, no checkout.
      dispatch({ type: 'paymentSubmitted' });
      return paidThenSuccess(order.registration);
    }
    // The checkout's code (and Razorpay's) is fetched when it opens, not with the page.
    const { openCheckout } = await import('../../lib/checkout.ts');
    const outcome = await openCheckout({
      ...order.checkout,
      name: 'Aspira Registration',
      description: order.programName,
      prefill: order.prefill,
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
        return void toast(answer.message);
      }
      paidThenSuccess(answer.registration);
    } catch (error) {
      dispatch({ type: 'paymentNotRecorded' });
      toast.error(errorText(error, MSG.paymentFailed));
    }
  }

  function startOver() {
    dispatch({ type: 'startedOver' });
    form.reset();
    writeForm(null);
  }

  return {
    state,
    dispatch,
    form,
    ready,
    registered,
    verified,
    parentConsent,
    secondsLeft: emailCode.secondsLeft,
    otp: emailCode.otp,
    billing,
    code: { initial: initialCode, applied: code, set: setCode },
    refs: { formRef, otpInput: emailCode.otpInput, payButton },
    actions: {
      editEmail: emailCode.editEmail,
      sendOtp: emailCode.sendOtp,
      verifyOtp: emailCode.verifyOtp,
      register,
      pay,
      startOver,
      checkParent,
    },
  };
}

export type RegistrationFlow = ReturnType<typeof useRegistration>;
