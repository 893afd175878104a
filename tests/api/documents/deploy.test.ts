/**
 * A deploy without Storage keys fails closed: the upload endpoints answer 503 and write nothing
 * (the local stand-in exists only on a local run); with keys they go on to their own checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_NOT_CONFIGURED } from '../../../netlify/lib/documents/index.ts';
import { resetEnvForTests } from '../../../netlify/lib/platform/index.ts';
import { call, count, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();
const PREVIEW = { deploy: { context: 'deploy-preview' } };

beforeAll(() => {
  Object.assign(process.env, {
    JWT_SECRET: 'preview-secret-0123456789abcdefghijklmnop',
    SITE_URL: 'https://deploy-preview-9--aspira.netlify.app',
  });
  resetEnvForTests();
});
afterAll(() => {
  for (const name of ['JWT_SECRET', 'SITE_URL', 'DOCUMENTS_STORAGE_URL', 'DOCUMENTS_STORAGE_KEY']) delete process.env[name];
  resetEnvForTests();
});

describe('a deploy preview without Storage keys', () => {
  it('answers 503 to an upload and its confirmation, writing nothing; with keys the request goes on', async () => {
    const learner = await signupVerifiedLearner({ email: 'preview.docs@example.com', ip: '192.0.2.88' }, { context: PREVIEW });
    const body = { type: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', size: 100 };
    const answers = [
      await call('POST', '/api/v1/user/applications/abc123/documents/uploads', { token: learner.token, body, context: PREVIEW }),
      await call('POST', '/api/v1/user/applications/abc123/documents/uploads/1/confirm', { token: learner.token, context: PREVIEW }),
    ];
    expect(answers.map((a) => a.status)).toEqual([503, 503]);
    expect(answers[0]!.body).toEqual({ errors: DOCUMENTS_NOT_CONFIGURED });
    expect(await count(db, 'applicant_documents')).toBe(0);

    Object.assign(process.env, { DOCUMENTS_STORAGE_URL: 'https://project.supabase.example', DOCUMENTS_STORAGE_KEY: 'service-key' });
    resetEnvForTests();
    const configured = await call('POST', '/api/v1/user/applications/abc123/documents/uploads', {
      token: learner.token,
      body,
      context: PREVIEW,
    });
    expect(configured.status).toBe(404); // no such application of theirs: Storage is never asked
  });
});
