import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from './crypto.ts';

describe('constantTimeEqual', () => {
  it('is true only for the same string', () => {
    expect(constantTimeEqual('invite-123', 'invite-123')).toBe(true);
    expect(constantTimeEqual('invite-123', 'invite-124')).toBe(false);
    expect(constantTimeEqual('invite-123', 'invite-1234')).toBe(false);
    expect(constantTimeEqual('invite-123', '')).toBe(false);
  });
  it('refuses anything that is not a string', () => {
    expect(constantTimeEqual('1', 1)).toBe(false);
    expect(constantTimeEqual('x', undefined)).toBe(false);
    expect(constantTimeEqual('x', ['x'])).toBe(false);
  });
});
