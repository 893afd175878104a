/**
 * The API's schema fragments for a child's form (rules in ./minors.ts): the date of birth (or the
 * "18 or over?" answer of a lead form), the parent's details, and the notice language. Each form
 * spreads the fields it asks and adds `checkGuardian`, so a form gains one line or two. zod/mini,
 * like the forms' own rules: the forms' pages carry only these checks.
 */
import * as z from 'zod/mini';
import { dateOfBirthProblem, guardianProblems, isMinorDateOfBirth } from './minors.ts';

const short = (max: number) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max))), '');

export const guardianFields = {
  parentName: short(100),
  parentEmail: short(254),
  parentPhone: short(20),
};

export const dateOfBirthField = {
  dateOfBirth: z.string({ error: 'Enter your date of birth' }).check(
    z.trim(),
    z.maxLength(10, 'Enter a real date of birth'),
    z.superRefine((value, ctx) => {
      const problem = dateOfBirthProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  ),
};

/** The language of the notice the person read ('en' or 'hi'), kept with their consent. */
export const noticeLanguageField = {
  noticeLanguage: z._default(z.optional(z.enum(['en', 'hi'], { error: 'noticeLanguage must be en or hi' })), 'en'),
};

type WithGuardian = { email: string; dateOfBirth?: string; parentName: string; parentEmail: string; parentPhone: string };

/** A child (by date of birth) must name a parent; an adult's parent fields are ignored. */
export function checkGuardian(value: WithGuardian, ctx: { addIssue: (issue: GuardianIssue) => void }): void {
  if (!value.dateOfBirth || dateOfBirthProblem(value.dateOfBirth) || !isMinorDateOfBirth(value.dateOfBirth)) return;
  for (const problem of guardianProblems(value, value.email))
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message, input: value });
}
type GuardianIssue = { code: 'custom'; path: string[]; message: string; input: unknown };

/** The parent's details when the person is a child, else null. */
export function guardianOf(value: WithGuardian): { name: string; email: string; phone: string } | null {
  if (!value.dateOfBirth || !isMinorDateOfBirth(value.dateOfBirth)) return null;
  return { name: value.parentName, email: value.parentEmail.toLowerCase(), phone: value.parentPhone };
}

const parentToken = z
  .string({ error: 'This link is not valid' })
  .check(z.trim(), z.minLength(20, 'This link is not valid'), z.maxLength(200, 'This link is not valid'));

/** POST /parent-consent/view */
export const parentConsentViewSchema = z.strictObject({ token: parentToken });

/** POST /parent-consent/decide: the parent confirms ('given') or refuses. */
export const parentDecisionSchema = z.strictObject({
  token: parentToken,
  decision: z.enum(['given', 'refused'], { error: 'decision must be given or refused' }),
});

/**
 * A lead form's age question ("I am under 18", DPDP Act s.9), the parent's details and the notice
 * language: spread into the form's schema (leads.ts). The parent's fields are checked by the
 * service with leadGuardian, so the schemas stay extendable.
 */
export const leadAgeFields = {
  under18: z._default(z.optional(z.boolean({ error: 'under18 must be true or false' })), false),
  ...guardianFields,
  ...noticeLanguageField,
};

type LeadAge = { email: string; under18?: boolean; parentName?: string; parentEmail?: string; parentPhone?: string };

/** The parent of a child's enquiry (null for an adult), or the field problems to answer with. */
export function leadGuardian(value: LeadAge): { parent: { name: string; email: string; phone: string } | null; problems: string[] } {
  if (!value.under18) return { parent: null, problems: [] };
  const fields = { parentName: value.parentName ?? '', parentEmail: value.parentEmail ?? '', parentPhone: value.parentPhone ?? '' };
  const problems = guardianProblems(fields, value.email).map((p) => `${p.field}: ${p.message}`);
  return {
    parent: problems.length ? null : { name: fields.parentName, email: fields.parentEmail.toLowerCase(), phone: fields.parentPhone },
    problems,
  };
}
