import { useState } from 'react';
import { customAmountPaise } from '../../shared/registration-fees.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import type { RegistrationFlow } from './useRegistration.ts';

/**
 * The custom amount, in a modal. Outside the registration <form>: forms cannot nest. Loaded once a
 * visitor has registered (the only time it can open), so /information does not carry it before.
 */
export default function CustomAmountDialog({ flow }: { flow: RegistrationFlow }) {
  const { state, dispatch, actions } = flow;
  const [customAmount, setCustomAmount] = useState('');
  const customPaise = customAmountPaise(customAmount);
  const customValid = typeof customPaise === 'number';
  return (
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
          if (customValid) void actions.pay('custom', customAmount.trim());
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
  );
}
