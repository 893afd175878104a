/** The test data factories answer bodies the forms' shared schemas accept, and new people each call. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminSignupSchema, userSignupSchema } from '../../src/shared/account.ts';
import { courseFormSchema } from '../../src/shared/catalogue.ts';
import {
  advisorSchema,
  contactRequestSchema,
  contactSchema,
  normalisePhone,
  pitchSchema,
  scholarshipSchema,
} from '../../src/shared/leads.ts';
import { registrationFormSchema } from '../../src/shared/registration-form.ts';
import { build } from '../support/factories.ts';

const cases: [string, () => Record<string, unknown>, z.ZodMiniType][] = [
  ['contact', build.contact, contactSchema],
  ['contact (as the endpoint reads it)', build.contact, contactRequestSchema],
  ['advisor', build.advisor, advisorSchema],
  ['advisor (as the endpoint reads it)', build.advisor, contactRequestSchema],
  ['scholarship', build.scholarship, scholarshipSchema],
  ['pitch', build.pitch, pitchSchema],
  ['registration', build.registration, registrationFormSchema],
  ['signup', build.signup, userSignupSchema],
  ['admin signup', () => build.adminSignup({ inviteCode: 'invite-code' }), adminSignupSchema],
  ['course', build.course, courseFormSchema],
];

describe('test data factories', () => {
  it.each(cases)('%s: the shared schema accepts the body', (_name, make, schema) => {
    const parsed = z.safeParse(schema, make());
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it.each(cases)('%s: each call is a new person', (_name, make) => {
    const [a, b] = [make(), make()];
    if ('email' in a) expect(a.email).not.toBe(b.email);
    // The lead forms' numbers too (the registration keeps one number: tests assert on it).
    for (const key of ['Number']) if (key in a) expect(a[key]).not.toBe(b[key]);
  });

  it('numbers are Indian mobiles the lead forms keep', () => {
    const phone = build.contact().Number as string;
    expect(normalisePhone(phone)).toBe(`+91${phone}`);
  });

  it('overrides win, and extra keys travel unchecked', () => {
    const body = build.advisor({ email: 'asha@example.com', whatsapp: 'yes' });
    expect(body).toMatchObject({ email: 'asha@example.com', whatsapp: 'yes', source: 'advisor' });
  });
});
