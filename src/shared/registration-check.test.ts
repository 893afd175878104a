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
  dateOfBirth: '1998-05-14',
};

const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;

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
  it("asks a child's parent, as the API does, and neither asks an adult's", () => {
    const child = { ...good, dateOfBirth: sixteen };
    const ours = registrationCheck.safeParse(child);
    const api = registrationFormSchema.safeParse(child);
    const fields = (r: typeof ours | typeof api) => (r.success ? [] : r.error.issues.map((i) => String(i.path[0])).sort());
    expect(fields(ours)).toEqual(['parentEmail', 'parentName', 'parentPhone']);
    expect(fields(api)).toEqual(fields(ours));
    const withParent = { ...child, parentName: 'Meera Verma', parentEmail: 'meera@example.com', parentPhone: '9810011111' };
    expect(registrationCheck.safeParse(withParent).success).toBe(true);
    expect(registrationFormSchema.safeParse(withParent).success).toBe(true);
    const tooYoung = { ...good, dateOfBirth: `${new Date().getUTCFullYear() - 12}-01-01` };
    expect(fields(registrationCheck.safeParse(tooYoung))).toEqual(['dateOfBirth']);
    expect(fields(registrationFormSchema.safeParse(tooYoung))).toEqual(['dateOfBirth']);
  });
});
