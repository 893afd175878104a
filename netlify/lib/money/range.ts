/**
 * Days and months of the money view are India's (IST, UTC+05:30, no daylight saving): an
 * accountant's month starts at midnight in Kolkata.
 */
import type { MoneyFilter } from '../../../src/shared/money-view.ts';

const IST_MS = 330 * 60_000;

/** The month (YYYY-MM) of an instant in India. */
export const istMonth = (at: Date | string) => new Date(new Date(at).getTime() + IST_MS).toISOString().slice(0, 7);

/** Bounds of the filter's days in India: [from 00:00 IST, the day after `to` 00:00 IST). */
export function istRange(filter: Partial<Pick<MoneyFilter, 'from' | 'to'>>): { start: Date | null; end: Date | null } {
  const start = filter.from ? new Date(Date.parse(`${filter.from}T00:00:00+05:30`)) : null;
  const end = filter.to ? new Date(Date.parse(`${filter.to}T00:00:00+05:30`) + 86_400_000) : null;
  return { start, end };
}
