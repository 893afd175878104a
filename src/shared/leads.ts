/**
 * Lead forms: the advisor callback (dialog and /popup), the contact page, the scholarship
 * application and the AspiraTank pitch. One schema per form (zod/mini: the form's page carries
 * only these checks), used by the island to check what the visitor typed and by the API to check
 * what arrived: `.strict()` (unknown keys are
 * refused), every text bounded, phones and emails normalised, links checked.
 *
 * Every form also carries an empty honeypot field (`website2`, hidden from people) and the
 * campaign it came from (utm_* and the referring page), captured on the landing page.
 */
import * as z from 'zod/mini';
import { touchFields } from './tracking.ts';
import { emailSchema } from './account.ts';
import { whatsappOptIn } from './whatsapp-opt-in.ts';
import { leadAgeFields } from './minors-schema.ts';

/** Programme choices of the advisor form (docs/product.md, Entities), in that order. */
export const PROGRAMMES = [
  'Data Analytics',
  'Sales Management',
  'Digital Marketing',
  'Business Intelligence',
  'Product Management',
  'General Certification',
  'Advanced Certification',
] as const;

/** AspiraTank stages and industries (docs/product.md, Entities). */
export const PITCH_STAGES = [
  'Idea stage',
  'MVP / Prototype ready',
  'Launched with early users',
  'Generating revenue',
  'Scaling stage',
] as const;
export const INDUSTRIES = ['EdTech', 'SaaS', 'AI / ML', 'HealthTech', 'FinTech'] as const;

export const CONTACT_SOURCES = ['advisor', 'contact', 'popup'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** The idea's guide length (shown by a live counter; not enforced, docs/product.md, Entities). */
export const IDEA_WORD_GUIDE = 300;

/** The honeypot: a field people never see. Anything in it means a bot filled the form. */
export const HONEYPOT = 'website2';

export const TRACKING_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_KEYS)[number], string>>;

const LINE_BREAK = /[\r\n]/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A one-line text (names, places): never a line break, so it is safe in an email header. */
function line(label: string, max: number, isRequired = false) {
  return z.string({ error: `Enter ${label}` }).check(
    z.trim(),
    z.refine((v) => !isRequired || v.length > 0, `Enter ${label}`),
    z.refine((v) => v.length <= max, `${capitalise(label)} must be at most ${max} characters`),
    z.refine((v) => !LINE_BREAK.test(v) && !CONTROL.test(v), `${capitalise(label)} must be on one line`),
  );
}

/** Free text (messages): line breaks allowed, other control characters not. */
function text(label: string, max: number, isRequired = false) {
  return z.string({ error: `Enter ${label}` }).check(
    z.trim(),
    z.refine((v) => !isRequired || v.length > 0, `Enter ${label}`),
    z.refine((v) => v.length <= max, `${capitalise(label)} must be at most ${max} characters`),
    z.refine((v) => !CONTROL.test(v), `${capitalise(label)} has characters that are not allowed`),
  );
}

function capitalise(label: string): string {
  const bare = label.replace(/^(your|the|a|an) /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * Phone numbers to E.164 (+<country code><number>): an Indian 10-digit mobile (with or without
 * 0, 91 or +91 in front) becomes +91XXXXXXXXXX; an international number needs + or 00 and its
 * country code. Spaces, dashes, dots and brackets are ignored. Anything else: null.
 */
export function normalisePhone(raw: string): string | null {
  const value = raw.trim();
  if (!/^\+?[0-9 ().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) {
    if (digits.startsWith('91')) return /^91[1-9]\d{9}$/.test(digits) ? `+${digits}` : null;
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`;
  if (/^00[1-9]\d{7,14}$/.test(digits)) return normalisePhone(`+${digits.slice(2)}`);
  return null;
}

const PHONE_MESSAGE = 'Enter a valid mobile number: 10 digits, or + and the country code';

function phone(label: string) {
  return z.pipe(
    z.string({ error: `Enter ${label}` }).check(
      z.trim(),
      z.maxLength(30, PHONE_MESSAGE),
      z.refine((v) => v.length > 0, `Enter ${label}`),
    ),
    z.transform((v: string, ctx) => {
      const normal = normalisePhone(v);
      if (!normal) {
        ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: v });
        return z.NEVER;
      }
      return normal;
    }),
  );
}

/** True for an http(s) address with a real host name (a dot in it, or localhost). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (url.username || url.password) return false;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname.replace(/\.$/, '')) && !/\s/.test(value);
  } catch {
    return false;
  }
}

const URL_MESSAGE = 'Enter a valid web address, like https://example.com';

/** A link: "example.com/deck" is read as https://example.com/deck; only http(s) is accepted. */
function link(label: string, isRequired: boolean) {
  return z
    .pipe(
      z.string({ error: `Enter ${label}` }).check(
        z.trim(),
        z.maxLength(500, `${capitalise(label)} must be at most 500 characters`),
        z.refine((v) => !isRequired || v.length > 0, `Enter ${label}`),
      ),
      z.transform((v: string) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v)),
    )
    .check(z.refine((v) => v === '' || isWebUrl(v), URL_MESSAGE));
}

/** Attribution (first and last touch) is best effort: a malformed value is dropped, never a reason to lose a lead. */
const meta = {
  [HONEYPOT]: z.optional(z.string().check(z.maxLength(0, 'Leave this field empty'))),
  ...touchFields,
  ...leadAgeFields,
};

const leadEmail = z.pipe(emailSchema, z.string().check(z.refine((v) => !LINE_BREAK.test(v), 'Enter a valid email address')));

/**
 * The advisor dialog and /popup: Name, Number, email and an optional programme
 * ("Select Program" = not sure yet). Sent to POST /user/contactus with source advisor|popup.
 */
export const advisorSchema = z.strictObject({
  source: z._default(z.enum(['advisor', 'popup'], { error: 'Must be advisor or popup' }), 'advisor'),
  Name: line('your name', 100, true),
  Number: phone('your mobile number'),
  email: leadEmail,
  programme: z.optional(z.union([z.enum(PROGRAMMES), z.literal('')], { error: 'Select a programme from the list' })),
  ...meta,
  ...whatsappOptIn,
});

/** /contactus: Name optional; Number, email and comments required (docs/product.md, Entities). */
export const contactSchema = z.strictObject({
  source: z._default(z.literal('contact', { error: 'Unknown form' }), 'contact'),
  Name: z.optional(line('your name', 100)),
  Number: phone('your mobile number'),
  email: leadEmail,
  comments: text('your comments', 2000, true),
  ...meta,
  ...whatsappOptIn,
});

/**
 * POST /user/contactus takes either form. Without a source it is the contact page (the original
 * payload {Name, Number, email, comments}); "advisor" and "popup" are the callback form.
 */
export const contactRequestSchema = z.pipe(
  z.transform((input: unknown) =>
    input && typeof input === 'object' && !Array.isArray(input) && !('source' in input) ? { ...input, source: 'contact' } : input,
  ),
  z.discriminatedUnion(
    'source',
    [z.extend(contactSchema, { source: z.literal('contact') }), z.extend(advisorSchema, { source: z.enum(['advisor', 'popup']) })],
    {
      error: (issue) => (issue.code === 'invalid_union' ? 'Must be advisor, contact or popup' : undefined),
    },
  ),
);

export type AdvisorInput = z.input<typeof advisorSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** /scholarship: name, email, phone, institute, message, all required (docs/product.md, Entities). */
export const scholarshipSchema = z.strictObject({
  name: line('your name', 100, true),
  email: leadEmail,
  phone: phone('your phone number'),
  institute: line('your institute', 200, true),
  message: text('your message', 3000, true),
  ...meta,
  ...whatsappOptIn,
});
export type ScholarshipApplication = z.output<typeof scholarshipSchema>;

/** AspiraTank pitch: every field and the required/optional split of docs/product.md, Entities. */
export const pitchSchema = z.strictObject({
  Name: line('your name', 100, true),
  Number: phone('your phone number'),
  email: leadEmail,
  location: line('your location', 120, true),
  linkedin: z.optional(link('your LinkedIn profile', false)),
  startupName: line('your startup name', 120, true),
  website: z.optional(link('your website', false)),
  stage: z.enum(PITCH_STAGES, { error: 'Select your stage' }),
  comments: text('your comments', 2000, true),
  industries: z.pipe(
    z._default(
      z
        .array(z.enum(INDUSTRIES, { error: `Choose from ${INDUSTRIES.join(', ')}` }), { error: 'Industries must be a list' })
        .check(z.maxLength(INDUSTRIES.length)),
      [],
    ),
    z.transform((list: (typeof INDUSTRIES)[number][]) => [...new Set(list)]),
  ),
  otherIndustry: z.optional(line('the other industry', 100)),
  startupIdea: text('your startup idea', 3000, true),
  problem: text('the problem you solve', 2000, true),
  audience: text('your target audience', 2000, true),
  uvp: text('your unique value proposition', 2000, true),
  funding: z.optional(text('the funding', 500)),
  usage: text('how you would use mentorship or investment', 2000, true),
  equity: z.optional(line('the equity', 200)),
  team: text('your team', 2000, true),
  vision: text('your vision', 2000, true),
  pitchDeckLink: link('your pitch deck link', true),
  demoLink: z.optional(link('your demo link', false)),
  heardFrom: z.optional(line('where you heard of us', 200)),
  additionalComments: z.optional(text('your additional comments', 2000)),
  ...meta,
  ...whatsappOptIn,
});
export type StartupPitch = z.output<typeof pitchSchema>;

/** Words in a text, for the idea's live counter. */
export function countWords(value: string): number {
  const words = value.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

/** The success messages the API answers with (shown to the visitor). */
export const LEAD_MESSAGES = {
  advisor: 'We will connect you shortly!',
  contact: 'Thank you for contacting us! We will get back to you soon.',
  scholarship: 'Thank you! Your scholarship application has been received.',
  pitch: 'Thank you! Your pitch has been submitted.',
} as const;
