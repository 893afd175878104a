/**
 * The browser's check of the registration form, without zod (the /information page stays within
 * its JavaScript budget): the required fields and the email's shape, with the same messages as the
 * API's schema (./registration.ts), which checks everything else and names each bad field.
 * Shaped like a zod schema (`safeParse`), so the form kit's useForm takes it as it takes zod.
 */
import { REQUIRED_FIELDS } from './registration-fees.ts';
import { dateOfBirthProblem, GUARDIAN_EMPTY, guardianProblems, isMinorDateOfBirth } from './minors.ts';

export const REGISTRATION_EMPTY = {
  name: '',
  email: '',
  phone: '',
  fatherName: '',
  qualification: '',
  highschool: '',
  university: '',
  sop: '',
  experience: '',
  motivation: '',
  dateOfBirth: '',
  ...GUARDIAN_EMPTY,
  /** The language of the notice read beside the form ('en' or 'hi'), kept with the consent. */
  noticeLanguage: 'en',
};
export type RegistrationValues = typeof REGISTRATION_EMPTY;

const REQUIRED_MESSAGES: Record<(typeof REQUIRED_FIELDS)[number], string> = {
  name: 'Enter your name',
  email: 'Enter your email address',
  phone: 'Enter your phone number',
  fatherName: "Enter your father's name",
  highschool: 'Enter your high school percentage',
  motivation: 'Enter your motivation',
};

/** Why this email cannot get a code (undefined when it can). */
export function emailProblem(email: string): string | undefined {
  const value = email.trim();
  if (!value) return REQUIRED_MESSAGES.email;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254 ? undefined : 'Enter a valid email address';
}

type Issue = { path: string[]; message: string };
type Result = { success: true; data: RegistrationValues } | { success: false; error: { issues: Issue[] } };

export const registrationCheck = {
  safeParse(input: unknown): Result {
    const values = { ...REGISTRATION_EMPTY, ...(input as Partial<RegistrationValues>) };
    const issues: Issue[] = [];
    for (const field of REQUIRED_FIELDS) {
      if (!values[field].trim()) issues.push({ path: [field], message: REQUIRED_MESSAGES[field] });
      else if (field === 'email' && emailProblem(values.email)) issues.push({ path: ['email'], message: emailProblem(values.email)! });
    }
    const dobProblem = dateOfBirthProblem(values.dateOfBirth);
    if (dobProblem) issues.push({ path: ['dateOfBirth'], message: dobProblem });
    else if (isMinorDateOfBirth(values.dateOfBirth))
      for (const problem of guardianProblems(values, values.email)) issues.push({ path: [problem.field], message: problem.message });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: values };
  },
  /** Type-only marker: the values the form holds (read by useForm's types). */
  __input: undefined as RegistrationValues | undefined,
};
