import { describe, expect, it } from 'vitest';
import { MeetingHostError } from '../../netlify/lib/meetings/types.ts';
import { SANDBOX_TOKEN_SECONDS, sandboxCheckToken, sandboxIssueToken, sandboxTokens } from '../../netlify/lib/meetings/sandbox.ts';

describe("the Zoom sandbox's access token", () => {
  it("lasts an hour, as Zoom's account-credentials token does, and is refused once lapsed (401 code 124)", () => {
    const start = Date.UTC(2026, 11, 3, 8, 0);
    const { access_token, expires_in } = sandboxIssueToken(start);
    expect(expires_in).toBe(SANDBOX_TOKEN_SECONDS);
    expect(() => sandboxCheckToken(access_token, start + 3599_000)).not.toThrow();
    let refusal: unknown;
    try {
      sandboxCheckToken(access_token, start + 3600_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(MeetingHostError);
    expect(refusal).toMatchObject({ code: 124, message: expect.stringContaining('Invalid access token') });
  });

  it('refuses a forged token (a later expiry with the old signature)', () => {
    const start = Date.UTC(2026, 11, 3, 8, 0);
    const [prefix, expires, mac] = sandboxIssueToken(start).access_token.split('.');
    expect(() => sandboxCheckToken(`${prefix}.${Number(expires) + 3600_000}.${mac}`, start)).toThrow(/Invalid access token/);
  });

  it('is kept while fresh and asked for again before it lapses, so no call carries a lapsed token', () => {
    let clock = Date.UTC(2026, 11, 3, 8, 0);
    const tokens = sandboxTokens(() => clock);
    tokens.authorize();
    const first = tokens.current();
    expect(tokens.issued()).toBe(1);
    clock += 50 * 60_000;
    tokens.authorize();
    expect(tokens.current()).toBe(first);
    expect(tokens.issued()).toBe(1);
    clock += 6 * 60_000; // 56 minutes in: within 5 minutes of lapsing
    tokens.authorize();
    expect(tokens.current()).not.toBe(first);
    expect(tokens.issued()).toBe(2);
    // The old one, still held by someone, is refused after its hour.
    clock += 5 * 60_000;
    expect(() => sandboxCheckToken(first, clock)).toThrow(/code 124/);
    expect(() => tokens.authorize()).not.toThrow();
  });
});
