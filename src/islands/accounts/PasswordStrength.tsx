import { useEffect, useMemo, useState } from 'react';
import {
  enablePasswordCheckInSchemas,
  guessableProblem,
  lengthProblem,
  personalProblem,
  PASSWORD_MIN,
  type Checker,
  type Person,
} from '../../shared/password.ts';

const LEVELS = ['Too weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/**
 * How strong the new password is, as it is typed: the same rules as the server (length, not the
 * name or email, not a common password). The common-password dictionary is fetched on the first
 * keystroke, so pages without a password field never load it; once loaded, the form's schema
 * refuses a common password on submit too.
 */
export function PasswordStrength({ password, person = {} }: { password: string; person?: Person }) {
  const [checker, setChecker] = useState<Checker | null>(null);

  useEffect(() => {
    if (!password || checker) return;
    enablePasswordCheckInSchemas()
      .then((loaded) => setChecker(() => loaded))
      .catch(() => {}); // Offline: the server still checks.
  }, [password, checker]);

  const verdict = useMemo(() => {
    if (!password) return null;
    // Counting up while typing says more than the rule the field error will repeat.
    if (password.length < PASSWORD_MIN) return { score: 0, problem: `${password.length} of at least ${PASSWORD_MIN} characters` };
    const simple = lengthProblem(password) ?? personalProblem(password, person);
    if (simple) return { score: 0, problem: simple };
    if (!checker) return null;
    const estimate = checker(password, person);
    return { score: estimate.score, problem: guessableProblem(estimate) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the person's fields, not the object made anew each render
  }, [password, checker, person.email, person.firstName, person.lastName]);

  const score = verdict ? (verdict.problem ? Math.min(verdict.score, 1) : verdict.score) : 0;
  return (
    <div className="pw-strength" data-score={verdict ? score : undefined} aria-live="polite">
      {verdict ? (
        <>
          <span className="pw-strength-bar" aria-hidden="true">
            {[1, 2, 3, 4].map((step) => (
              <span key={step} className={step <= Math.max(score, 1) ? 'on' : undefined} />
            ))}
          </span>
          <span className="pw-strength-text">
            <strong>{verdict.problem ? LEVELS[0] : LEVELS[score]}</strong>
            {verdict.problem ? `: ${verdict.problem}` : null}
          </span>
        </>
      ) : null}
    </div>
  );
}
