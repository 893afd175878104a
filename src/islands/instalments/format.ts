import { dateIst } from '../../shared/dates.ts';
import type { PlanPartDto } from '../../shared/instalments.ts';

/** "2026-12-23" (an IST calendar day) as "23 Dec 2026". */
export const dayText = (day: string) => dateIst.format(new Date(`${day}T12:00:00+05:30`));

/** When a plan's part falls due, as a learner reads it before enrolling. */
export function dueRule(part: Pick<PlanPartDto, 'dueAfterDays' | 'dueOn'>): string {
  if (part.dueOn) return `due ${dayText(part.dueOn)}`;
  if (!part.dueAfterDays) return 'on enrolment';
  return `${part.dueAfterDays} days after enrolment`;
}
