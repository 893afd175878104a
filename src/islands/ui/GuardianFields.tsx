/**
 * The age question and a parent's details (DPDP Act s.9): a form shows DateOfBirthField, and
 * GuardianFields once the person is under 18. Both take the form kit's `bind` and `errors`, so a
 * form gains them in a line or two. Rules: src/shared/minors.ts.
 */
import type { NoticeLanguage } from '../../shared/consent.ts';
import { CONSENT_WORDS, parentMessageIn } from '../../shared/consent-words.ts';
import { ADULT_AGE } from '../../shared/minors.ts';
import { Field } from './Field.tsx';

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

/** In the language the person reads the notice in (the form's `noticeLanguage`). */
export function GuardianFields({ bind, errors, language = 'en' }: Props & { language?: NoticeLanguage }) {
  const words = CONSENT_WORDS[language];
  const error = (name: string) => (errors[name] ? parentMessageIn(language, errors[name]) : undefined);
  return (
    <fieldset className="guardian-fields" data-guardian lang={language}>
      <legend>{words.guardianLegend}</legend>
      <p className="field-hint">{words.guardianHint}</p>
      <Field label={words.parentName} error={error('parentName')} required>
        <input {...bind('parentName')} type="text" maxLength={100} />
      </Field>
      <Field label={words.parentEmail} error={error('parentEmail')} required>
        <input {...bind('parentEmail')} type="email" inputMode="email" maxLength={254} />
      </Field>
      <Field label={words.parentPhone} error={error('parentPhone')} required>
        <input {...bind('parentPhone')} type="tel" inputMode="tel" maxLength={20} />
      </Field>
    </fieldset>
  );
}
