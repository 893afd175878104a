import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError, env, loadEnv, resetEnvForTests, useDeployContext } from './env.ts';
import { HttpError } from './http/errors.ts';
import { transport } from '../mail/index.ts';
import { gateway, PAYMENTS_NOT_CONFIGURED } from '../payments/index.ts';

const BASE = { DATABASE_URL: 'postgres://unused', LOG_LEVEL: 'silent' };
const SECRET = 'a-real-secret-of-at-least-32-characters!';
const LIVE = {
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  POSTMARK_SERVER_TOKEN: 'pm-token',
  JWT_SECRET: SECRET,
  SITE_URL: 'https://aspira.example',
};

/** What a set of variables (and the request's deploy context) gets: gateway, mailer, JWT. */
function behaviour(vars: Record<string, string>, deployContext?: string) {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, BASE, vars);
  resetEnvForTests();
  useDeployContext(deployContext);
  try {
    const config = env();
    let payments: string;
    try {
      payments = gateway().mode;
    } catch (error) {
      payments = error instanceof HttpError ? `${error.status} ${String(error.errors)}` : String(error);
    }
    return { appEnv: config.appEnv, payments, mailer: transport()?.name ?? 'none (emails stay pending)', siteUrl: config.SITE_URL };
  } finally {
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, saved);
    resetEnvForTests();
  }
}

const REFUSED = `503 ${PAYMENTS_NOT_CONFIGURED}`;

describe('deploy contexts: who may use the development fallbacks', () => {
  beforeEach(() => resetEnvForTests());
  afterEach(() => resetEnvForTests());

  it('a local run (no Netlify context): sandbox, console mailer, development JWT secret, localhost', () => {
    expect(behaviour({})).toEqual({ appEnv: 'development', payments: 'sandbox', mailer: 'console', siteUrl: 'http://localhost:8888' });
    expect(loadEnv(BASE).isLocal).toBe(true);
  });

  it('netlify dev (CONTEXT=dev) is a local run', () => {
    expect(behaviour({ CONTEXT: 'dev' })).toMatchObject({ appEnv: 'development', payments: 'sandbox', mailer: 'console' });
    expect(behaviour({}, 'dev')).toMatchObject({ appEnv: 'development', payments: 'sandbox' });
  });

  it('explicit APP_ENV=development or test may use them anywhere but production', () => {
    expect(behaviour({ APP_ENV: 'development', CONTEXT: 'deploy-preview' })).toMatchObject({ payments: 'sandbox', mailer: 'console' });
    expect(behaviour({ APP_ENV: 'test' })).toMatchObject({ appEnv: 'test', payments: 'sandbox', mailer: 'console' });
    expect(() => loadEnv({ ...BASE, ...LIVE, APP_ENV: 'development', CONTEXT: 'production' })).toThrow(ConfigurationError);
    expect(() => loadEnv({ ...BASE, ...LIVE, APP_ENV: 'development' }, 'production')).toThrow(/production context/);
  });

  for (const context of ['deploy-preview', 'branch-deploy', 'feature-x']) {
    it(`${context} without keys refuses to start without JWT_SECRET, and refuses payments and fake mail`, () => {
      expect(() => loadEnv({ ...BASE, CONTEXT: context })).toThrow(/JWT_SECRET/);
      expect(() => loadEnv({ ...BASE, CONTEXT: context, JWT_SECRET: 'local-development-secret-not-for-production-use' })).toThrow(
        /JWT_SECRET/,
      );
      expect(() => loadEnv({ ...BASE, CONTEXT: context, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
      const vars = { JWT_SECRET: SECRET, SITE_URL: 'https://preview--aspira.netlify.app' };
      expect(behaviour({ ...vars, CONTEXT: context })).toEqual({
        appEnv: 'staging',
        payments: REFUSED,
        mailer: 'none (emails stay pending)',
        siteUrl: 'https://preview--aspira.netlify.app',
      });
      // On Netlify the context arrives with the request, not as a variable.
      expect(behaviour(vars, context)).toMatchObject({ appEnv: 'staging', payments: REFUSED });
    });
  }

  it('a deployed function with no context at all (SITE_ID set) fails closed too', () => {
    expect(() => loadEnv({ ...BASE, SITE_ID: 'site-1' })).toThrow(/JWT_SECRET/);
    expect(behaviour({ SITE_ID: 'site-1', JWT_SECRET: SECRET, URL: 'https://aspira.netlify.app' })).toEqual({
      appEnv: 'staging',
      payments: REFUSED,
      mailer: 'none (emails stay pending)',
      siteUrl: 'https://aspira.netlify.app',
    });
  });

  it('a deployment needs an address: SITE_URL, else Netlify URL, never localhost', () => {
    expect(() => loadEnv({ ...BASE, CONTEXT: 'deploy-preview', JWT_SECRET: SECRET })).toThrow(/SITE_URL/);
  });

  it('staging (APP_ENV=staging) uses its own test keys, or refuses payments', () => {
    const vars = { APP_ENV: 'staging', JWT_SECRET: SECRET, SITE_URL: 'https://staging.aspira.example' };
    expect(() => loadEnv({ ...BASE, APP_ENV: 'staging' })).toThrow(/JWT_SECRET/);
    expect(behaviour(vars)).toMatchObject({ appEnv: 'staging', payments: REFUSED, mailer: 'none (emails stay pending)' });
    const keyed = { ...vars, RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 's', POSTMARK_SERVER_TOKEN: 'pm' };
    expect(behaviour(keyed)).toMatchObject({ payments: 'test', mailer: 'postmark' });
    expect(() => loadEnv({ ...BASE, ...vars, RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 's' })).toThrow(/live Razorpay key/);
  });

  it('production demands live keys, webhook secret, Postmark, JWT_SECRET and an https SITE_URL', () => {
    expect(behaviour(LIVE, 'production')).toEqual({
      appEnv: 'production',
      payments: 'live',
      mailer: 'postmark',
      siteUrl: 'https://aspira.example',
    });
    expect(loadEnv({ ...BASE, ...LIVE, CONTEXT: 'production' }).isProduction).toBe(true);
    const without = (key: keyof typeof LIVE) => {
      const vars: Record<string, string> = { ...BASE, ...LIVE, CONTEXT: 'production' };
      delete vars[key];
      return () => loadEnv(vars);
    };
    expect(without('SITE_URL')).toThrow(/SITE_URL/);
    expect(without('JWT_SECRET')).toThrow(/JWT_SECRET/);
    expect(without('POSTMARK_SERVER_TOKEN')).toThrow(/POSTMARK/);
    expect(without('RAZORPAY_WEBHOOK_SECRET')).toThrow(/WEBHOOK/);
    expect(() => loadEnv({ ...BASE, ...LIVE, CONTEXT: 'production', SITE_URL: 'http://aspira.example' })).toThrow(/https/);
    expect(() => loadEnv({ ...BASE, ...LIVE, CONTEXT: 'production', RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/live Razorpay key/);
    // URL (Netlify's address) is no substitute for an explicit SITE_URL in production.
    expect(() => loadEnv({ ...BASE, ...LIVE, SITE_URL: '', URL: 'https://aspira.netlify.app', APP_ENV: 'production' })).toThrow(/SITE_URL/);
  });

  it('names the missing variable, never a value', () => {
    try {
      loadEnv({ ...BASE, ...LIVE, CONTEXT: 'production', RAZORPAY_WEBHOOK_SECRET: '' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(String(error)).not.toContain('live-secret');
      expect(String(error)).not.toContain(SECRET);
    }
  });
});
