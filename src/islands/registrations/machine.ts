/**
 * The registration flow of docs/product.md, States, as one explicit state machine:
 *
 *   editing --send--> otpSent --verify--> verified --register--> registered --pay--> paid
 *      ^                 |  (resend)         |                        |
 *      +---- email changed before registering +                       +-- pay step: closed -> menu -> (custom) -> ordering -> checkout -> confirming
 *
 * `phase` is where the visitor is in the flow; `pay` is the payment sub-step once registered;
 * `busy` is the request in flight. Every transition not listed is ignored, so a double click or a
 * late answer can never move the flow sideways. Pure: unit-tested without a browser.
 * The server limits new codes per address, so the wait is kept per address too: correcting a typo
 * in the email never waits on the code sent to the mistyped one.
 */
import type { PaidRegistrationDto } from '../../shared/registration-fees.ts';

export type Phase = 'editing' | 'otpSent' | 'verified' | 'registered' | 'paid';
export type PayStep = 'closed' | 'menu' | 'custom' | 'ordering' | 'checkout' | 'confirming';
export type Busy = null | 'sending' | 'verifying' | 'registering';

export type State = {
  phase: Phase;
  /** The email the code was sent to / verified / registered (lower-cased). */
  email: string;
  verificationToken: string | null;
  registrationToken: string | null;
  /** When a new code may be asked for, per address (lower-cased email -> epoch ms). */
  resendAt: Record<string, number>;
  pay: PayStep;
  busy: Busy;
  /** The paid fee (null if it was paid elsewhere and this browser only learnt that it was). */
  paid: PaidRegistrationDto | null;
};

export const initialState: State = {
  phase: 'editing',
  email: '',
  verificationToken: null,
  registrationToken: null,
  resendAt: {},
  pay: 'closed',
  busy: null,
  paid: null,
};

export type Action =
  | { type: 'restored'; state: Partial<State> }
  | { type: 'emailEdited'; email: string }
  | { type: 'sendStarted' }
  | { type: 'otpSent'; email: string; resendAt: number }
  | { type: 'sendFailed'; email: string; resendAt?: number }
  | { type: 'verifyStarted' }
  | { type: 'verified'; verificationToken: string }
  | { type: 'verifyFailed' }
  | { type: 'verificationExpired' }
  | { type: 'registerStarted' }
  | { type: 'registered'; registrationToken: string }
  | { type: 'registerFailed' }
  | { type: 'payMenuToggled' }
  | { type: 'customChosen' }
  | { type: 'customClosed' }
  | { type: 'orderRequested' }
  | { type: 'orderCreated' }
  | { type: 'orderFailed' }
  | { type: 'checkoutClosed' }
  | { type: 'paymentSubmitted' }
  | { type: 'paid'; registration: PaidRegistrationDto }
  | { type: 'alreadyPaid' }
  | { type: 'paymentNotRecorded' }
  | { type: 'startedOver' };

export const normalise = (email: string) => email.trim().toLowerCase();

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'restored':
      return { ...state, ...action.state, busy: null, pay: 'closed' };

    case 'emailEdited':
      // Changing the email before registering throws away the code/verification of the old one.
      if ((state.phase === 'otpSent' || state.phase === 'verified') && normalise(action.email) !== state.email) {
        return { ...initialState, resendAt: state.resendAt };
      }
      return state;

    case 'sendStarted':
      return (state.phase === 'editing' || state.phase === 'otpSent') && !state.busy ? { ...state, busy: 'sending' } : state;
    case 'otpSent': {
      const email = normalise(action.email);
      return state.busy === 'sending'
        ? { ...state, phase: 'otpSent', email, resendAt: { ...state.resendAt, [email]: action.resendAt }, busy: null }
        : state;
    }
    case 'sendFailed':
      if (state.busy !== 'sending') return state;
      return action.resendAt
        ? { ...state, busy: null, resendAt: { ...state.resendAt, [normalise(action.email)]: action.resendAt } }
        : { ...state, busy: null };

    case 'verifyStarted':
      return state.phase === 'otpSent' && !state.busy ? { ...state, busy: 'verifying' } : state;
    case 'verified':
      return state.busy === 'verifying' ? { ...state, phase: 'verified', verificationToken: action.verificationToken, busy: null } : state;
    case 'verifyFailed':
      return state.busy === 'verifying' ? { ...state, busy: null } : state;

    case 'registerStarted':
      return state.phase === 'verified' && !state.busy ? { ...state, busy: 'registering' } : state;
    case 'registered':
      return state.busy === 'registering'
        ? { ...state, phase: 'registered', verificationToken: null, registrationToken: action.registrationToken, busy: null, pay: 'closed' }
        : state;
    case 'registerFailed':
      return state.busy === 'registering' ? { ...state, busy: null } : state;
    case 'verificationExpired':
      // The server no longer accepts the verification: verify the email again.
      return state.phase === 'verified' ? { ...state, phase: 'editing', verificationToken: null, busy: null } : state;

    case 'payMenuToggled':
      if (state.phase !== 'registered') return state;
      if (state.pay === 'closed') return { ...state, pay: 'menu' };
      if (state.pay === 'menu') return { ...state, pay: 'closed' };
      return state;
    case 'customChosen':
      return state.phase === 'registered' && state.pay === 'menu' ? { ...state, pay: 'custom' } : state;
    case 'customClosed':
      return state.pay === 'custom' ? { ...state, pay: 'closed' } : state;
    case 'orderRequested':
      return state.phase === 'registered' && (state.pay === 'menu' || state.pay === 'custom') ? { ...state, pay: 'ordering' } : state;
    case 'orderCreated':
      return state.pay === 'ordering' ? { ...state, pay: 'checkout' } : state;
    case 'orderFailed':
      return state.pay === 'ordering' ? { ...state, pay: 'closed' } : state;
    case 'checkoutClosed':
      return state.pay === 'checkout' ? { ...state, pay: 'closed' } : state;
    case 'paymentSubmitted':
      return state.pay === 'checkout' ? { ...state, pay: 'confirming' } : state;
    case 'paid':
      return state.pay === 'confirming' ? { ...state, phase: 'paid', pay: 'closed', paid: action.registration } : state;
    case 'alreadyPaid':
      // The server refused a second fee order: the fee was paid (in another tab, or before Back).
      return state.phase === 'registered' || state.phase === 'paid' ? { ...state, phase: 'paid', pay: 'closed' } : state;
    case 'paymentNotRecorded':
      return state.pay === 'confirming' ? { ...state, pay: 'closed' } : state;

    case 'startedOver':
      return { ...initialState };
  }
}

/** Seconds left before a new code may be sent to this address. */
export function resendSecondsLeft(state: Pick<State, 'resendAt'>, email: string, now: number): number {
  return Math.max(0, Math.ceil(((state.resendAt[normalise(email)] ?? 0) - now) / 1000));
}

/** What a reload may bring back: a verified email, a registration and its paid fee, never a busy step. */
export type Saved = Pick<State, 'phase' | 'email' | 'verificationToken' | 'registrationToken' | 'resendAt' | 'paid'>;

export function toSaved(state: State): Saved {
  return {
    phase: state.phase,
    email: state.email,
    verificationToken: state.verificationToken,
    registrationToken: state.registrationToken,
    resendAt: state.resendAt,
    paid: state.paid,
  };
}

function savedWaits(value: unknown, now = Date.now()): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, at]) => typeof at === 'number' && at > now)) as Record<string, number>;
}

function savedPaid(value: unknown): PaidRegistrationDto | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const texts = ['name', 'email', 'phone', 'paymentId', 'programName'] as const;
  if (!texts.every((k) => typeof v[k] === 'string') || typeof v['amount'] !== 'number') return null;
  return { ...(v as PaidRegistrationDto), status: 'paid' };
}

export function fromSaved(value: unknown): Partial<State> | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const email = typeof v['email'] === 'string' ? v['email'] : '';
  const resendAt = savedWaits(v['resendAt']);
  const registrationToken = typeof v['registrationToken'] === 'string' ? v['registrationToken'] : null;
  const verificationToken = typeof v['verificationToken'] === 'string' ? v['verificationToken'] : null;
  if (!email) return null;
  if (v['phase'] === 'paid' && registrationToken)
    return { phase: 'paid', email, registrationToken, verificationToken: null, resendAt, paid: savedPaid(v['paid']) };
  if (v['phase'] === 'registered' && registrationToken)
    return { phase: 'registered', email, registrationToken, verificationToken: null, resendAt };
  if (v['phase'] === 'verified' && verificationToken)
    return { phase: 'verified', email, verificationToken, registrationToken: null, resendAt };
  if (v['phase'] === 'otpSent') return { phase: 'otpSent', email, verificationToken: null, registrationToken: null, resendAt };
  return null;
}
