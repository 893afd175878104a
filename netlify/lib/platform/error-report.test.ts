import { describe, expect, it } from 'vitest';
import { errorEvent, parseDsn, scrub } from './error-report.ts';

describe('the error tracker', () => {
  it("reads Sentry's DSN", () => {
    expect(parseDsn('https://abc123@o77.ingest.sentry.io/4501')).toMatchObject({
      endpoint: 'https://o77.ingest.sentry.io/api/4501/envelope/',
      publicKey: 'abc123',
    });
    expect(parseDsn('https://abc@sentry.example.com/path/9')?.endpoint).toBe('https://sentry.example.com/path/api/9/envelope/');
    expect(parseDsn('https://sentry.example.com/9')).toBeNull();
    expect(parseDsn('not a url')).toBeNull();
  });

  it('scrubs addresses, numbers and tokens out of messages', () => {
    expect(scrub('no row for Asha.Verma+x@Example.co.in (+91 98765-43210), token Zm9vYmFyYmF6cXV4cXV1eHh4eHh4eHh4eHh4eHh4eA')).toBe(
      'no row for [email] ([number]), token [token]',
    );
    expect(scrub('order 42 failed after 3 tries')).toBe('order 42 failed after 3 tries');
  });

  it('builds an event with frames and tags, and nothing personal', () => {
    const error = new Error('refund for ravi@example.com failed');
    const event = errorEvent(error, { requestId: 'r-1', route: '/api/v1/admin/refunds', method: 'POST' }, 'production');
    expect(event).toMatchObject({ level: 'error', environment: 'production', transaction: 'POST /api/v1/admin/refunds' });
    expect(event.exception.values[0]!.value).toBe('refund for [email] failed');
    expect(event.exception.values[0]!.stacktrace.frames.length).toBeGreaterThan(0);
    expect(JSON.stringify(event)).not.toContain('ravi');
  });
});
