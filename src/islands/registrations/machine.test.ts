import { describe, expect, it } from 'vitest';
import { fromSaved, initialState, reducer, resendSecondsLeft, toSaved, type Action, type State } from './machine.ts';

const AT = Date.now() + 60_000;
const PAID = {
  name: 'Asha',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  amount: 8500,
  paymentId: 'pay_1',
  status: 'paid' as const,
  programName: 'Hybrid programme',
};

function run(actions: Action[], from: State = initialState): State {
  return actions.reduce(reducer, from);
}

const toVerified: Action[] = [
  { type: 'sendStarted' },
  { type: 'otpSent', email: ' Asha@Example.com ', resendAt: AT },
  { type: 'verifyStarted' },
  { type: 'verified', verificationToken: 'vt' },
];
const toRegistered: Action[] = [...toVerified, { type: 'registerStarted' }, { type: 'registered', registrationToken: 'rt' }];

describe('registration state machine (docs/product.md, States)', () => {
  it('walks the happy path: email -> OTP sent -> verified -> registered -> menu -> order -> checkout -> paid', () => {
    let s = run(toVerified);
    expect(s).toMatchObject({ phase: 'verified', email: 'asha@example.com', verificationToken: 'vt', busy: null });
    s = run([{ type: 'registerStarted' }, { type: 'registered', registrationToken: 'rt' }], s);
    expect(s).toMatchObject({ phase: 'registered', registrationToken: 'rt', verificationToken: null, pay: 'closed' });
    s = run([{ type: 'payMenuToggled' }], s);
    expect(s.pay).toBe('menu');
    s = run([{ type: 'orderRequested' }, { type: 'orderCreated' }], s);
    expect(s.pay).toBe('checkout');
    s = run([{ type: 'paymentSubmitted' }, { type: 'paid', registration: PAID }], s);
    expect(s).toMatchObject({ phase: 'paid', pay: 'closed', paid: PAID });
    expect(run([{ type: 'payMenuToggled' }, { type: 'orderRequested' }], s)).toBe(s); // no second fee
  });

  it('ignores steps out of order: no verify before a code, no register before verifying, no pay before registering', () => {
    expect(run([{ type: 'verifyStarted' }])).toEqual(initialState);
    expect(run([{ type: 'registerStarted' }])).toEqual(initialState);
    expect(run([{ type: 'payMenuToggled' }, { type: 'orderRequested' }])).toEqual(initialState);
    const sent = run(toVerified.slice(0, 2));
    expect(run([{ type: 'registerStarted' }], sent)).toEqual(sent);
    expect(run([{ type: 'verified', verificationToken: 'late' }], sent)).toEqual(sent); // no verify in flight
    expect(run([{ type: 'paid', registration: PAID }], run(toRegistered))).toEqual(run(toRegistered));
  });

  it('a double click starts one request only', () => {
    const once = run([{ type: 'sendStarted' }]);
    expect(run([{ type: 'sendStarted' }], once)).toBe(once);
    const registering = run([...toVerified, { type: 'registerStarted' }]);
    expect(run([{ type: 'registerStarted' }], registering)).toBe(registering);
  });

  it('a changed email before registering drops the code and the verification; after registering it cannot', () => {
    const verified = run(toVerified);
    expect(run([{ type: 'emailEdited', email: 'ASHA@example.com' }], verified)).toBe(verified);
    const changed = run([{ type: 'emailEdited', email: 'other@example.com' }], verified);
    expect(changed).toMatchObject({ phase: 'editing', verificationToken: null, email: '', resendAt: { 'asha@example.com': AT } });
    const registered = run(toRegistered);
    expect(run([{ type: 'emailEdited', email: 'other@example.com' }], registered)).toBe(registered);
  });

  it('failures return to the step before, keeping what was achieved', () => {
    const sendFailed = run([{ type: 'sendStarted' }, { type: 'sendFailed', email: 'A@b.co', resendAt: 5000 }]);
    expect(sendFailed).toMatchObject({ phase: 'editing', busy: null, resendAt: { 'a@b.co': 5000 } });
    const wrongCode = run([...toVerified.slice(0, 3), { type: 'verifyFailed' }]);
    expect(wrongCode).toMatchObject({ phase: 'otpSent', busy: null });
    const regFailed = run([...toVerified, { type: 'registerStarted' }, { type: 'registerFailed' }]);
    expect(regFailed).toMatchObject({ phase: 'verified', busy: null, verificationToken: 'vt' });
    const expired = run([...toVerified, { type: 'verificationExpired' }]);
    expect(expired).toMatchObject({ phase: 'editing', verificationToken: null });
    const orderFailed = run([...toRegistered, { type: 'payMenuToggled' }, { type: 'orderRequested' }, { type: 'orderFailed' }]);
    expect(orderFailed).toMatchObject({ phase: 'registered', pay: 'closed' });
    const payFailed = run([
      ...toRegistered,
      { type: 'payMenuToggled' },
      { type: 'orderRequested' },
      { type: 'orderCreated' },
      { type: 'checkoutClosed' },
    ]);
    expect(payFailed).toMatchObject({ phase: 'registered', pay: 'closed' });
    const notRecorded = run([
      ...toRegistered,
      { type: 'payMenuToggled' },
      { type: 'orderRequested' },
      { type: 'orderCreated' },
      { type: 'paymentSubmitted' },
      { type: 'paymentNotRecorded' },
    ]);
    expect(notRecorded).toMatchObject({ phase: 'registered', pay: 'closed' });
  });

  it('the custom amount opens from the menu and closes on Cancel or Pay', () => {
    const menu = run([...toRegistered, { type: 'payMenuToggled' }]);
    const custom = run([{ type: 'customChosen' }], menu);
    expect(custom.pay).toBe('custom');
    expect(run([{ type: 'customClosed' }], custom).pay).toBe('closed');
    expect(run([{ type: 'orderRequested' }], custom).pay).toBe('ordering');
    expect(run([{ type: 'customChosen' }], run(toRegistered)).pay).toBe('closed');
  });

  it('counts the resend countdown down in whole seconds, per address', () => {
    const waits = { resendAt: { 'asha@example.com': 60_000 } };
    expect(resendSecondsLeft(waits, 'Asha@example.com ', 0)).toBe(60);
    expect(resendSecondsLeft(waits, 'asha@example.com', 59_001)).toBe(1);
    expect(resendSecondsLeft(waits, 'asha@example.com', 60_000)).toBe(0);
    expect(resendSecondsLeft(waits, 'asha@exmaple.com', 5)).toBe(0);
  });

  it('a corrected email can get a code at once; going back to the first address still waits', () => {
    const sent = run(toVerified.slice(0, 2));
    const corrected = run([{ type: 'emailEdited', email: 'asha@example.org' }], sent);
    expect(resendSecondsLeft(corrected, 'asha@example.org', AT - 60_000)).toBe(0);
    expect(resendSecondsLeft(corrected, 'asha@example.com', AT - 60_000)).toBe(60);
    const second = run([{ type: 'sendStarted' }, { type: 'otpSent', email: 'asha@example.org', resendAt: AT + 5000 }], corrected);
    expect(second).toMatchObject({ phase: 'otpSent', email: 'asha@example.org' });
  });

  it('a refused second order (409) shows the registration as paid', () => {
    const registered = run(toRegistered);
    expect(run([{ type: 'alreadyPaid' }], registered)).toMatchObject({ phase: 'paid', pay: 'closed' });
    expect(run([{ type: 'alreadyPaid' }])).toEqual(initialState);
  });

  it('a reload brings back a verified email or a registration, never a request in flight', () => {
    const registered = run(toRegistered);
    expect(fromSaved(JSON.parse(JSON.stringify(toSaved(registered))))).toEqual({
      phase: 'registered',
      email: 'asha@example.com',
      registrationToken: 'rt',
      verificationToken: null,
      resendAt: { 'asha@example.com': AT },
    });
    const paid = run(
      [
        { type: 'payMenuToggled' },
        { type: 'orderRequested' },
        { type: 'orderCreated' },
        { type: 'paymentSubmitted' },
        { type: 'paid', registration: PAID },
      ],
      registered,
    );
    expect(fromSaved(JSON.parse(JSON.stringify(toSaved(paid))))).toMatchObject({ phase: 'paid', paid: PAID });
    expect(fromSaved({ ...toSaved(paid), paid: { amount: 'lots' } })).toMatchObject({ phase: 'paid', paid: null });
    expect(fromSaved({ ...toSaved(registered), resendAt: { 'asha@example.com': 1 } })?.resendAt).toEqual({}); // past waits dropped
    const verified = run(toVerified);
    expect(fromSaved(toSaved(verified))).toMatchObject({ phase: 'verified', verificationToken: 'vt' });
    const restored = reducer({ ...initialState, busy: 'sending', pay: 'menu' }, { type: 'restored', state: fromSaved(toSaved(verified))! });
    expect(restored).toMatchObject({ phase: 'verified', busy: null, pay: 'closed' });
    expect(fromSaved(null)).toBeNull();
    expect(fromSaved({ phase: 'registered', email: 'a@b.c' })).toBeNull(); // no token, nothing to restore
    expect(fromSaved({ phase: 'verified', email: 'a@b.c', verificationToken: 5 })).toBeNull();
    expect(fromSaved('garbage')).toBeNull();
  });
});
