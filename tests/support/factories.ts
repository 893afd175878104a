/**
 * Request bodies for the product's forms, one builder per form, for the API and browser tests.
 * Each answers a body that the form's shared schema accepts (tests/unit/factories.test.ts), with
 * an email and a phone number of its own per call. A test passes only the fields it asserts on;
 * a new required field is added here, once.
 */
import type * as z from 'zod/v4/core';
import type { userSignupSchema, adminSignupSchema } from '../../src/shared/account.ts';
import type { advisorSchema, contactSchema, pitchSchema, scholarshipSchema } from '../../src/shared/leads.ts';
import type { registrationFormSchema } from '../../src/shared/registration-form.ts';

/** Extra keys (tracking, opt-ins, deliberate mistakes) travel with a body unchecked. */
type Overrides<S extends z.$ZodType> = { [K in keyof z.input<S>]?: unknown } & Record<string, unknown>;
/** Every field the form takes, required ones required: a new required field fails to compile here first. */
type Body<S extends z.$ZodType> = { [K in keyof z.input<S>]: unknown } & Record<string, unknown>;

let made = 0;
/** Separates this process's people from another test process's (each file runs in its own). */
const processTag = process.pid % 1000;

/** An address nobody else in this run has: `label.<process>.<n>@example.com`. */
export function uniqueEmail(label = 'person'): string {
  made++;
  return `${label}.${process.pid}.${made}@example.com`;
}

/** An Indian mobile number (10 digits, starting with 9) nobody else in this run has. */
export function uniquePhone(): string {
  made++;
  return `9${String(processTag).padStart(3, '0')}${String(made % 1_000_000).padStart(6, '0')}`;
}

/** A birth date that makes the person `age` today (1 January of that year). */
export const bornYearsAgo = (age: number): string => `${new Date().getUTCFullYear() - age}-01-01`;

/** The contact page (POST /user/contactus, source "contact"). */
function contact(overrides: Overrides<typeof contactSchema> = {}): Body<typeof contactSchema> {
  return {
    source: 'contact',
    Name: 'Asha Verma',
    Number: uniquePhone(),
    email: uniqueEmail('contact'),
    comments: 'Which course suits me?',
    ...overrides,
  };
}

/** The advisor callback dialog and /popup (POST /user/contactus, source "advisor"). */
function advisor(overrides: Overrides<typeof advisorSchema> = {}): Body<typeof advisorSchema> {
  return { source: 'advisor', Name: 'Ravi Kumar', Number: uniquePhone(), email: uniqueEmail('advisor'), programme: '', ...overrides };
}

/** /scholarship (POST /user/scholarship). */
function scholarship(overrides: Overrides<typeof scholarshipSchema> = {}): Body<typeof scholarshipSchema> {
  return {
    name: 'Meera Iyer',
    email: uniqueEmail('scholarship'),
    phone: uniquePhone(),
    institute: 'Delhi University',
    message: 'I would like to take the scholarship test.',
    ...overrides,
  };
}

/** The AspiraTank pitch (POST /user/tank): its required fields. */
function pitch(overrides: Overrides<typeof pitchSchema> = {}): Body<typeof pitchSchema> {
  return {
    Name: 'Kabir Shah',
    Number: uniquePhone(),
    email: uniqueEmail('pitch'),
    location: 'Bengaluru',
    startupName: 'LearnLoop',
    stage: 'MVP / Prototype ready',
    comments: 'Looking for mentors.',
    startupIdea: 'Adaptive practice for vocational learners.',
    problem: 'Learners drop out of long courses.',
    audience: 'Tier-2 city job seekers.',
    uvp: 'Bite-size practice with placement tie-ups.',
    usage: 'Sales mentoring and a seed round.',
    team: 'Two founders, one engineer.',
    vision: 'Every learner job-ready in 90 days.',
    pitchDeckLink: 'https://docs.example.com/deck.pdf',
    ...overrides,
  };
}

/** The registration form (POST /user/register-unpaid adds the verificationToken): an adult applicant. */
function registration(overrides: Overrides<typeof registrationFormSchema> = {}): Body<typeof registrationFormSchema> {
  return {
    name: 'Asha Verma',
    email: uniqueEmail('applicant'),
    phone: '+91 98765 43210',
    fatherName: 'Ravi Verma',
    dateOfBirth: '1998-05-14',
    qualification: 'B.Com',
    highschool: '86.5',
    university: '',
    sop: 'I want to work in marketing.',
    experience: '',
    motivation: 'To build a career in digital marketing.',
    ...overrides,
  };
}

/** A learner's signup (POST /user/signup). */
function signup(overrides: Overrides<typeof userSignupSchema> = {}): Body<typeof userSignupSchema> {
  return { firstName: 'Asha', lastName: 'Verma', email: uniqueEmail('learner'), password: 'correct horse battery', ...overrides };
}

/** A team member's signup (POST /admin/signup); the invite code is the deploy's. */
function adminSignup(overrides: Overrides<typeof adminSignupSchema> & { inviteCode: string }): Body<typeof adminSignupSchema> {
  return { firstName: 'Meera', lastName: 'Iyer', email: uniqueEmail('staff'), password: 'admin-pass-123', ...overrides };
}

/** The admin course form's text fields (multipart, so every value is a string). */
type CourseFields = Record<'title' | 'description' | 'price', string> & Partial<Record<'listPrice' | 'duration', string>>;
function course(overrides: Partial<CourseFields> = {}): CourseFields {
  return {
    title: 'Cloud Fundamentals',
    description: 'Learn the cloud from first principles.',
    price: '4999',
    duration: '3 months',
    ...overrides,
  };
}

export const build = { contact, advisor, scholarship, pitch, registration, signup, adminSignup, course };
