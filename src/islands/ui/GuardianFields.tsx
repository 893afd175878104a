/**
 * The age question and a parent's details (DPDP Act s.9): a form shows DateOfBirthField, and
 * GuardianFields once the person is under 18. Both take the form kit's `bind` and `errors`, so a
 * form gains them in a line or two. Rules: src/shared/minors.ts.
 */
import { ADULT_AGE } from '../../shared/minors.ts';
import { Field } from './Field.tsx';
import './guardian-fields.css';

type Bound = { name: string; value: string; onChange: (event: { target: { value: string } }) => void; readOnly?: boolean | undefined };
type Props = {
  bind: (name: 'dateOfBirth' | 'parentName' | 'parentEmail' | 'parentPhone') => Bound;
  errors: Record<string, string | undefined>;
};

export function DateOfBirthField({ bind, errors }: Props) {
  return (
    <Field label="Date of birth" error={errors['dateOfBirth']} hint={`Under ${ADULT_AGE}? A parent or guardian confirms first.`} required>
      <input {...bind('dateOfBirth')} type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} />
    </Field>
  );
}

export function GuardianFields({ bind, errors }: Props) {
  return (
    <fieldset className="guardian-fields" data-guardian>
      <legend>Your parent or guardian</legend>
      <p className="field-hint">
        You are under {ADULT_AGE}, so we email your parent or guardian a link to confirm before we use your details. You can pay the fee
        once they confirm.
      </p>
      <Field label="Parent's or guardian's name" error={errors['parentName']} required>
        <input {...bind('parentName')} type="text" maxLength={100} />
      </Field>
      <Field label="Parent's or guardian's email" error={errors['parentEmail']} required>
        <input {...bind('parentEmail')} type="email" inputMode="email" maxLength={254} />
      </Field>
      <Field label="Parent's or guardian's phone" error={errors['parentPhone']} required>
        <input {...bind('parentPhone')} type="tel" inputMode="tel" maxLength={20} />
      </Field>
    </fieldset>
  );
}
