/** Zoom's configuration: all four variables or none, and which host each deployment gets. */
import { afterEach, describe, expect, it } from 'vitest';
import { MEETINGS_NOT_CONFIGURED, meetingHost, meetingHostName } from '../../netlify/lib/meetings/index.ts';
import { ConfigurationError, loadEnv, resetEnvForTests } from '../../netlify/lib/platform/env.ts';

const BASE = { DATABASE_URL: 'postgres://unused', LOG_LEVEL: 'silent' };
const ZOOM = {
  ZOOM_ACCOUNT_ID: 'acct',
  ZOOM_CLIENT_ID: 'client',
  ZOOM_CLIENT_SECRET: 'secret',
  ZOOM_WEBHOOK_SECRET_TOKEN: 'webhook-secret',
};
const DEPLOY = { SITE_ID: 'site-1', JWT_SECRET: 'a-real-secret-of-at-least-32-characters!', SITE_URL: 'https://preview.aspira.example' };

function hostFor(vars: Record<string, string>): string | null {
  const saved = { ...process.env };
  try {
    for (const key of Object.keys(process.env))
      if (key.startsWith('ZOOM_') || key === 'SITE_ID' || key === 'APP_ENV') delete process.env[key];
    Object.assign(process.env, BASE, vars);
    resetEnvForTests();
    return meetingHostName();
  } finally {
    process.env = saved;
  }
}

afterEach(() => resetEnvForTests());

describe("Zoom's configuration", () => {
  it('refuses some of the four variables without the others, naming them', () => {
    expect(() => loadEnv({ ...BASE, ZOOM_ACCOUNT_ID: 'acct', ZOOM_CLIENT_ID: 'client' })).toThrow(ConfigurationError);
    expect(() => loadEnv({ ...BASE, ZOOM_WEBHOOK_SECRET_TOKEN: 'x' })).toThrow(
      /ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET and ZOOM_WEBHOOK_SECRET_TOKEN, or none/,
    );
    expect(() => loadEnv({ ...BASE, ...ZOOM })).not.toThrow();
  });

  it('uses Zoom with its keys, the sandbox only on a local run, and nothing on a deploy without keys', () => {
    expect(hostFor(ZOOM)).toBe('zoom');
    expect(hostFor({ ...DEPLOY, ...ZOOM })).toBe('zoom');
    expect(hostFor({})).toBe('sandbox');
    expect(hostFor(DEPLOY)).toBeNull();
  });

  it('answers 503 with what to set when a deploy has no keys', () => {
    const saved = { ...process.env };
    try {
      for (const key of Object.keys(process.env)) if (key.startsWith('ZOOM_') || key === 'APP_ENV') delete process.env[key];
      Object.assign(process.env, BASE, DEPLOY);
      resetEnvForTests();
      expect(() => meetingHost()).toThrow(MEETINGS_NOT_CONFIGURED);
      try {
        meetingHost();
      } catch (error) {
        expect(error).toMatchObject({ status: 503 });
      }
    } finally {
      process.env = saved;
    }
  });
});
