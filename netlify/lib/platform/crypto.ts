import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one constant-time string comparison (invite codes, payment signatures). Both sides are
 * hashed first, so the comparison takes the same time whatever their lengths.
 */
export function constantTimeEqual(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}
