import { useState } from 'react';
import { billingIssues, GST_STATES } from '../../shared/gstin.ts';
import { Field } from './Field.tsx';
import './billing.css';

export type BillingValues = { state: string; gstin: string; businessName: string };
export const EMPTY_BILLING: BillingValues = { state: '', gstin: '', businessName: '' };

/**
 * The billing values and their errors: `check()` answers the first field with a problem (and
 * shows them all) or null; `serverErrors` keeps the API's "field: message" answers for these fields.
 */
export function useBilling() {
  const [values, setValues] = useState<BillingValues>(EMPTY_BILLING);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (field: keyof BillingValues, value: string) => {
    setValues((b) => ({ ...b, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const check = (): string | null => {
    const problems = billingIssues(values);
    setErrors(problems);
    return Object.keys(problems)[0] ?? null;
  };
  const serverErrors = (fields: Record<string, string>): boolean => {
    const mine = Object.fromEntries(Object.entries(fields).filter(([field]) => field in EMPTY_BILLING));
    if (Object.keys(mine).length) setErrors(mine);
    return Object.keys(mine).length > 0;
  };
  return { values, setValues, errors, change, check, serverErrors };
}

type Props = {
  values: BillingValues;
  errors: Record<string, string>;
  onChange: (field: keyof BillingValues, value: string) => void;
  disabled?: boolean;
  /** Inside a wrapping flex row: take a whole row. */
  wide?: boolean;
};

/**
 * The tax-invoice details both checkouts ask for: the state (the place of supply, which decides
 * CGST + SGST or IGST) and, for a business, its GSTIN and name. The server checks them again and
 * computes every amount itself.
 */
export function BillingFields({ values, errors, onChange, disabled, wide }: Props) {
  return (
    <fieldset className={wide ? 'billing-fields billing-fields-wide' : 'billing-fields'} disabled={disabled}>
      <legend>For your GST invoice</legend>
      <Field label="State" error={errors['state']} required hint="Where you live or where your business is registered.">
        <select name="state" value={values.state} onChange={(e) => onChange('state', e.target.value)}>
          <option value="">Choose your state</option>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="GSTIN" error={errors['gstin']} hint="Only for a business invoice: 15 characters, e.g. 29ABCDE1234F1Z5.">
        <input
          name="gstin"
          autoComplete="off"
          spellCheck={false}
          maxLength={15}
          value={values.gstin}
          onChange={(e) => onChange('gstin', e.target.value.toUpperCase())}
        />
      </Field>
      <Field label="Business name" error={errors['businessName']} hint="As registered for the GSTIN.">
        <input
          name="businessName"
          autoComplete="organization"
          maxLength={120}
          value={values.businessName}
          onChange={(e) => onChange('businessName', e.target.value)}
        />
      </Field>
    </fieldset>
  );
}
