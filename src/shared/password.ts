/**
 * Password rules (NIST SP 800-63B): length and known-bad passwords, no composition rules.
 * - 8 to 128 characters (a long passphrase is welcome; the cap bounds the hashing work);
 * - not the person's name or email address;
 * - not a common or easily guessed password, judged by zxcvbn-ts against its list of common
 *   passwords. That dictionary is large, so it is loaded on first need (`loadPasswordChecker`):
 *   the browser fetches it only on pages with a new-password field, a function only when a new
 *   password arrives.
 */
import type { Estimate } from './password-checker.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_HINT = 'At least 8 characters. A few unrelated words make a strong, memorable password.';

/** Words every guesser tries first on this site. */
const SITE_WORDS = ['aspira', 'aspirademy', 'aspiratank'];

export type Person = { email?: string | undefined; firstName?: string | undefined; lastName?: string | undefined };

export function lengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

/** Name parts and the email's local part of 3+ characters, lower-cased. */
function personalWords(person: Person): { names: string[]; email: string[] } {
  const parts = (text: string | undefined) =>
    (text ?? '')
      .toLowerCase()
      .split(/[\s.\-_'+]+/)
      .filter((w) => w.length >= 3);
  const email = (person.email ?? '').trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  return {
    names: [...parts(person.firstName), ...parts(person.lastName)],
    email: [email, local, ...parts(local)].filter((w) => w.length >= 3),
  };
}

/** A name as a word of its own ("asha-2026", "my rao"), so "Other" does not refuse "another". */
function hasWord(text: string, word: string): boolean {
  const at = (i: number) => i < 0 || i >= text.length || !/\p{L}/u.test(text[i]!);
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) if (at(i - 1) && at(i + word.length)) return true;
  return false;
}

/** Why a password holding the person's name (as a word) or email address (anywhere) is refused. */
export function personalProblem(password: string, person: Person): string | null {
  const lower = password.toLowerCase();
  const { names, email } = personalWords(person);
  if (names.some((w) => hasWord(lower, w))) return 'Password must not contain your name';
  if (email.some((w) => lower.includes(w))) return 'Password must not contain your email address';
  return null;
}

export type Checker = (password: string, person?: Person) => Estimate;

let loading: Promise<Checker> | undefined;
let ready: Checker | undefined;

/** Loads the estimator once (a separate chunk in the browser, a lazy module in a function). */
export function loadPasswordChecker(): Promise<Checker> {
  loading ??= import('./password-checker.ts').then(({ estimate }) => {
    const checker: Checker = (password, person = {}) => {
      const { names, email } = personalWords(person);
      return estimate(password, [...SITE_WORDS, ...names, ...email]);
    };
    return checker;
  });
  return loading;
}

/** The loaded estimator, or undefined before `loadPasswordChecker()` has finished. */
export function loadedPasswordChecker(): Checker | undefined {
  return ready;
}

/** Makes the loaded estimator part of the shared schemas' check (the browser, once loaded). */
export async function enablePasswordCheckInSchemas(): Promise<Checker> {
  ready = await loadPasswordChecker();
  return ready;
}

/**
 * Why an estimate is refused, or null: guessable in under about 10^8 tries (score below 2), or a
 * common password or close to one (zxcvbn warns) with no more than moderate strength.
 */
export function guessableProblem(result: Estimate): string | null {
  if (result.score >= 3 || (result.score === 2 && !result.warning)) return null;
  const why = result.warning ?? 'This password is easy to guess.';
  return `${why.replace(/\.?$/, '.')} Choose another: a few unrelated words are hard to guess and easy to remember.`;
}

/** Every rule at once, with the estimator loaded: the server's check of a new password. */
export async function newPasswordProblem(password: string, person: Person = {}): Promise<string | null> {
  const simple = lengthProblem(password) ?? personalProblem(password, person);
  if (simple) return simple;
  return guessableProblem((await loadPasswordChecker())(password, person));
}
