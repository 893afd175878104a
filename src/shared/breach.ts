/**
 * Breach help (DPDP Rules 2025 r.7): who is affected and the two notices, under the Rule's headings.
 * Rule 7(1): to each affected person, without delay; Rule 7(2): to the Board, at once and a
 * detailed report within 72 hours. Nothing is sent without the owner's typed confirmation.
 */
import * as z from 'zod/mini';

/** The tables a breach can be searched in, with what the owner reads. */
export const BREACH_TABLES = {
  registrations: 'Registrations',
  contact_requests: 'Callback and contact enquiries',
  scholarship_applications: 'Scholarship applications',
  startup_pitches: 'AspiraTank pitches',
  accounts: 'Learner accounts',
  course_orders: 'Course orders',
} as const;
export type BreachTable = keyof typeof BREACH_TABLES;
export const BREACH_TABLE_NAMES = Object.keys(BREACH_TABLES) as BreachTable[];

export const SEND_CONFIRMATION = 'SEND';

/** True for a breach table's name; own names only (`constructor` or `__proto__` are no table). */
export const isBreachTable = (name: string): name is BreachTable => Object.hasOwn(BREACH_TABLES, name);

/** Why `table:id` names no row a breach can touch (undefined when it can). */
export function breachIdProblem(value: string): string | undefined {
  const match = /^([A-Za-z_]{1,40}):([A-Za-z0-9-]{1,64})$/.exec(value);
  if (!match) return 'Each id is table:id, like registrations:abc123';
  if (!isBreachTable(match[1]!)) return `${match[1]} is not one of the breach tables: ${BREACH_TABLE_NAMES.join(', ')}`;
  return undefined;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Enter ${label}`),
      z.maxLength(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`),
    );

const day = z.iso.datetime({ offset: true, error: 'Give a date and time, like 2026-11-20T00:00:00+05:30' });

/** Which rows: a time window and tables, or a list of `table:id`. */
export const breachScopeShape = {
  from: day,
  to: day,
  tables: z._default(
    z
      .array(z.enum(BREACH_TABLE_NAMES, { error: `Tables are ${BREACH_TABLE_NAMES.join(', ')}` }))
      .check(z.maxLength(BREACH_TABLE_NAMES.length)),
    [],
  ),
  ids: z._default(
    z
      .array(
        z.string().check(
          z.trim(),
          z.superRefine((value, ctx) => {
            const problem = breachIdProblem(value);
            if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
          }),
        ),
      )
      .check(z.maxLength(5000)),
    [],
  ),
};

/** What the owner writes once; the notices are drafted from it under Rule 7's headings. */
export const breachFactsShape = {
  what: text('what happened (nature, extent, time and place)', 4000),
  data: text('which data was affected', 2000),
  consequences: text('the likely consequences for the people affected', 2000),
  measures: text('what was done and is being done', 3000),
  safety: text('what people can do to protect themselves', 2000),
  cause: text('who or what caused it, as far as known', 2000),
  prevention: text('what prevents it happening again', 2000),
};

const checkScope = z.superRefine((value: { from: string; to: string; tables: string[]; ids: string[] }, ctx) => {
  if (Date.parse(value.from) > Date.parse(value.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start', input: value });
  if (value.tables.length === 0 && value.ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['tables'], message: 'Choose the affected tables or list the affected ids', input: value });
});

export const breachPreviewSchema = z.strictObject({ ...breachScopeShape, ...breachFactsShape }).check(checkScope);
export const breachSendSchema = z
  .strictObject({
    ...breachScopeShape,
    ...breachFactsShape,
    confirm: z.string().check(
      z.trim(),
      z.refine((v) => v === SEND_CONFIRMATION, `Type ${SEND_CONFIRMATION} to send`),
    ),
  })
  .check(checkScope);

export type BreachFacts = { [K in keyof typeof breachFactsShape]: string };
export type AffectedPerson = { email: string; name: string; phone: string | null; channel: 'email' | 'phone'; found: string[] };
export type BreachPreview = { people: AffectedPerson[]; personNotice: { subject: string; text: string }; boardReport: string };

/** Rule 7(1)(a)-(e): the notice to each affected person. */
export function personNotice(facts: BreachFacts, contact: string): { subject: string; text: string } {
  return {
    subject: 'Important: a security incident involving your data at Aspira',
    text: [
      'We are writing to tell you about a personal data breach that affects you.',
      `What happened: ${facts.what}`,
      `Your data involved: ${facts.data}`,
      `What this may mean for you: ${facts.consequences}`,
      `What we have done and are doing: ${facts.measures}`,
      `What you can do: ${facts.safety}`,
      `Who to ask: ${contact}`,
    ].join('\n\n'),
  };
}

/** Rule 7(2)(a) and (b)(i)-(vi): the report to the Data Protection Board. */
export function boardReport(facts: BreachFacts, input: { from: string; to: string; affected: number; contact: string }): string {
  return [
    'Intimation of personal data breach (Digital Personal Data Protection Rules, 2025, rule 7(2))',
    `Data Fiduciary: Aspira Education Pvt. Ltd. Contact: ${input.contact}`,
    `(a) Description: ${facts.what} Period: ${input.from} to ${input.to}. Data affected: ${facts.data} People affected: ${input.affected}. Likely impact: ${facts.consequences}`,
    `(b)(i) Updated and detailed information: ${facts.what}`,
    `(b)(ii) Events, circumstances and reasons: ${facts.cause}`,
    `(b)(iii) Measures to mitigate risk: ${facts.measures}`,
    `(b)(iv) Findings on who caused it: ${facts.cause}`,
    `(b)(v) Remedial measures against recurrence: ${facts.prevention}`,
    `(b)(vi) Intimations to the people affected: ${input.affected} ${input.affected === 1 ? 'person is' : 'people are'} to be told by email (or, where their email bounces, by phone), with what happened, the consequences, the measures, what they can do and who to ask.`,
  ].join('\n\n');
}
