/**
 * The browser's check of a form refuses exactly what the server refuses, with the same message per
 * field, on a shared fixture of inputs (tests/fixtures/forms.ts): the form kit's check
 * (checkForm, what useForm runs on submit) against the endpoint's request parsing (readJson: JSON,
 * storable text, the request schema), read back the way the browser reads a 400 (ApiError).
 * In Chromium, on the live pages: tests/e2e/form-checks.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, HttpError } from '../../netlify/lib/platform/index.ts';
import { ApiError } from '../../src/lib/api.ts';
import { loginSchema, userSignupSchema } from '../../src/shared/account.ts';
import { enablePasswordCheckInSchemas } from '../../src/shared/password.ts';
import { registrationFormSchema } from '../../src/shared/registration-form.ts';
import { registerUnpaidSchema } from '../../src/shared/registration.ts';
import { checkForm } from '../../src/islands/ui/useForm.ts';
import { LOGIN_INPUTS, REGISTRATION_INPUTS, SIGNUP_INPUTS } from '../fixtures/forms.ts';

type Verdict = { refused: boolean; errors: Record<string, string> };

/** What the server answers this body: accepted, or refused with one message per field. */
async function server(schema: Parameters<typeof readJson>[1], body: unknown): Promise<Verdict> {
  const request = new Request('https://aspira.invalid/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  try {
    await readJson(request, schema);
    return { refused: false, errors: {} };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return { refused: true, errors: new ApiError(400, error.errors).fieldErrors() };
  }
}

function browser(schema: Parameters<typeof checkForm>[0], values: unknown): Verdict {
  const result = checkForm(schema, values);
  return result.success ? { refused: false, errors: {} } : { refused: true, errors: result.errors };
}

beforeAll(async () => {
  // The browser loads the common-password dictionary on the first keystroke in a new password.
  await enablePasswordCheckInSchemas();
});

describe('the browser refuses exactly what the server refuses, with the same words', () => {
  it('/login (POST /user/login)', async () => {
    for (const [name, input] of Object.entries(LOGIN_INPUTS)) {
      expect(browser(loginSchema, input), name).toEqual(await server(loginSchema, input));
    }
  });

  it('/signup (POST /user/signup), with the common-password dictionary loaded as on the page', async () => {
    for (const [name, input] of Object.entries(SIGNUP_INPUTS)) {
      expect(browser(userSignupSchema, input), name).toEqual(await server(userSignupSchema, input));
    }
    expect(browser(userSignupSchema, SIGNUP_INPUTS['common password']).refused).toBe(true);
  });

  it('/information (POST /user/register-unpaid): the form, then what the page sends', async () => {
    const proof = { verificationToken: 'v'.repeat(40) };
    for (const [name, input] of Object.entries(REGISTRATION_INPUTS)) {
      const theirs = await server(registerUnpaidSchema, { ...input, ...proof });
      expect(browser(registrationFormSchema, input), name).toEqual(theirs);
      // What the page sends once its check passes (the checked values) is accepted as it is.
      const checked = checkForm(registrationFormSchema, input);
      if (checked.success) expect(await server(registerUnpaidSchema, { ...checked.data, ...proof }), name).toEqual(theirs);
    }
  });

  it('the fixture holds refusals of every kind and inputs both sides accept', () => {
    const refused = (schema: Parameters<typeof checkForm>[0], inputs: Record<string, unknown>) =>
      Object.values(inputs).filter((input) => browser(schema, input).refused).length;
    expect(refused(loginSchema, LOGIN_INPUTS)).toBeGreaterThan(6);
    expect(refused(userSignupSchema, SIGNUP_INPUTS)).toBeGreaterThan(8);
    expect(refused(registrationFormSchema, REGISTRATION_INPUTS)).toBeGreaterThan(10);
    for (const [schema, inputs] of [
      [loginSchema, LOGIN_INPUTS],
      [userSignupSchema, SIGNUP_INPUTS],
      [registrationFormSchema, REGISTRATION_INPUTS],
    ] as const)
      expect(browser(schema, inputs.good).refused).toBe(false);
  });
});
