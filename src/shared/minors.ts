/**
 * Children's data (DPDP Act s.9, DPDP Rules 2025 r.10): who counts as a child, and the parent's
 * details a form asks for when the person is under 18. Plain rules, no zod: the registration form
 * checks them in the browser within its JavaScript budget, the API with ./minors-schema.ts.
 */
import { sameMailbox } from './mailbox.ts';

/** Under this age a person is a child: a parent must consent first (DPDP Act s.2(f)). */
export const ADULT_AGE = 18;
/** The youngest age any programme takes (AspiraDiscover admits 14+). */
export const MIN_AGE = 14;

/** What the age question, the parent's fields and the notice add to a form's values. */
export const GUARDIAN_EMPTY = { parentName: '', parentEmail: '', parentPhone: '' };
export type GuardianValues = typeof GUARDIAN_EMPTY;

/** Whole years between a YYYY-MM-DD birth date and `today` (null when the date is not a real one). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}

/** Why this birth date cannot register (undefined when it can). */
export function dateOfBirthProblem(value: string, today: Date = new Date()): string | undefined {
  if (!value.trim()) return 'Enter your date of birth';
  const age = ageOn(value, today);
  if (age === null || age > 100) return 'Enter a real date of birth';
  if (age < 0) return 'Your date of birth cannot be in the future';
  if (age < MIN_AGE) return `You must be at least ${MIN_AGE} to apply`;
  return undefined;
}

export function isMinorDateOfBirth(value: string, today: Date = new Date()): boolean {
  const age = ageOn(value, today);
  return age !== null && age < ADULT_AGE;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PARENT_SAME_MAILBOX =
  "The parent's email must be a different mailbox from yours: enter your parent's own email, they confirm from it";

/** The parent's fields a child must give, with a message per field (empty when all is well). */
export function guardianProblems(values: GuardianValues, childEmail: string): { field: keyof GuardianValues; message: string }[] {
  const problems: { field: keyof GuardianValues; message: string }[] = [];
  if (!values.parentName.trim()) problems.push({ field: 'parentName', message: "Enter your parent's or guardian's name" });
  const email = values.parentEmail.trim().toLowerCase();
  if (!email) problems.push({ field: 'parentEmail', message: "Enter your parent's or guardian's email" });
  else if (!EMAIL.test(email) || email.length > 254) problems.push({ field: 'parentEmail', message: 'Enter a valid email address' });
  // An alias of the child's own inbox (kid+mum@, a dotted Gmail name) would let the child confirm.
  else if (sameMailbox(email, childEmail)) problems.push({ field: 'parentEmail', message: PARENT_SAME_MAILBOX });
  const digits = values.parentPhone.replace(/\D/g, '');
  if (!values.parentPhone.trim()) problems.push({ field: 'parentPhone', message: "Enter your parent's or guardian's phone number" });
  else if (!/^\+?[0-9][0-9 -]*$/.test(values.parentPhone.trim()) || digits.length < 7 || digits.length > 15)
    problems.push({ field: 'parentPhone', message: 'Enter a valid phone number' });
  return problems;
}

/** Where a parent's consent stands for a child's registration or enquiry. */
export type ParentConsentStatus = 'not-needed' | 'awaiting' | 'given' | 'refused';

/** Days a parent's link works; an unanswered request is erased by the retention job after it. */
export const PARENT_LINK_DAYS = 7;

/** A lead form's starting values for the age question, the parent and the notice language. */
export const UNDER_AGE_EMPTY = { under18: false, ...GUARDIAN_EMPTY, noticeLanguage: 'en' as 'en' | 'hi' };
