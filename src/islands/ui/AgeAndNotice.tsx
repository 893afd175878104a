/**
 * What a lead form adds for the DPDP Act in one line: "I am under 18" (s.9), the parent's details
 * when ticked, and the notice with its English/Hindi choice (Rules r.3). Values: UNDER_AGE_EMPTY;
 * the form's `check`: guardianCheck (the server's own rule, so a child's form says what is missing
 * under the parent's fields before anything is sent).
 */
import { CONSENT_WORDS, noticeLanguageOf, parentMessageIn } from '../../shared/consent-words.ts';
import { guardianProblems } from '../../shared/minors.ts';
import { ConsentNotice } from './ConsentNotice.tsx';
import { GuardianFields } from './GuardianFields.tsx';

type AgeForm = {
  values: Record<string, unknown>;
  setField: (name: string, value: unknown) => void;
  bind: (name: string) => { name: string; value: string; onChange: (event: { target: { value: string } }) => void };
  errors: Record<string, string | undefined>;
};

/** The parent's details a child's form still needs, by field (none for an adult): the server's own rule. */
export function guardianCheck(values: Record<string, unknown>): Record<string, string> {
  if (values['under18'] !== true) return {};
  const text = (name: string) => String(values[name] ?? '');
  const parent = { parentName: text('parentName'), parentEmail: text('parentEmail'), parentPhone: text('parentPhone') };
  const language = noticeLanguageOf(values);
  return Object.fromEntries(
    guardianProblems(parent, text('email')).map((problem) => [problem.field, parentMessageIn(language, problem.message)]),
  );
}

export function AgeAndNotice({ form }: { form: AgeForm }) {
  const under18 = form.values['under18'] === true;
  const language = noticeLanguageOf(form.values);
  return (
    <>
      <label className="guardian-check">
        <input type="checkbox" name="under18" checked={under18} onChange={(e) => form.setField('under18', e.target.checked)} />{' '}
        <span lang={language}>{CONSENT_WORDS[language].under18}</span>
      </label>
      {under18 ? <GuardianFields bind={form.bind} errors={form.errors} language={language} /> : null}
      <ConsentNotice language={language} onLanguage={(l) => form.setField('noticeLanguage', l)} />
    </>
  );
}
