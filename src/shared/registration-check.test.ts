import { describe, expect, it } from 'vitest';
import { registrationFormSchema } from './registration.ts';
import { registrationCheck, REGISTRATION_EMPTY } from './registration-check.ts';

const good = {
  ...REGISTRATION_EMPTY,
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  fatherName: 'Ravi Verma',
  highschool: '86.5',
  motivation: 'A career in marketing.',
};

describe("the browser's registration check agrees with the API's schema", () => {
  it('passes a complete form that the API also accepts', () => {
    expect(registrationCheck.safeParse(good).success).toBe(true);
    expect(registrationFormSchema.safeParse(good).success).toBe(true);
  });
  it('names every missing required field, as the API does', () => {
    const result = registrationCheck.safeParse(REGISTRATION_EMPTY);
    const api = registrationFormSchema.safeParse(REGISTRATION_EMPTY);
    expect(result.success).toBe(false);
    expect(api.success).toBe(false);
    const ours = result.success ? [] : result.error.issues.map((i) => i.path[0]).sort();
    const theirs = api.success ? [] : [...new Set(api.error.issues.map((i) => String(i.path[0])))].sort();
    expect(ours).toEqual(theirs);
  });
  it('refuses a malformed email', () => {
    const result = registrationCheck.safeParse({ ...good, email: 'asha@example' });
    expect(result.success ? [] : result.error.issues).toEqual([{ path: ['email'], message: 'Enter a valid email address' }]);
  });
});
