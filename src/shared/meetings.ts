/** Live classes' meeting host (docs/zoom.md): the Zoom sandbox's controls (local runs only). */
import * as z from 'zod/mini';

const when = (name: string) => z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be an ISO date and time`));

/** POST /api/v1/sandbox/zoom/meetings/{id}/participants: one row of the participant report. */
export const sandboxParticipantSchema = z
  .strictObject({
    registrantId: z.nullable(z.optional(z.string().check(z.minLength(1), z.maxLength(100)))),
    name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(200)),
    email: z.nullable(z.optional(z.string().check(z.maxLength(320)))),
    joinedAt: when('joinedAt'),
    leftAt: when('leftAt'),
  })
  .check(z.refine((p) => Date.parse(p.leftAt) >= Date.parse(p.joinedAt), 'leftAt must not be before joinedAt'));

/** The sandbox's meeting numbers, as Zoom's: digits only. */
export const meetingIdSchema = z.string().check(z.regex(/^\d{9,12}$/, 'No such meeting'));
