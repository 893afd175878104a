/**
 * The building blocks of the content schemas (src/content-collections.ts): texts with bounds, links,
 * money, SEO, the hero, cards and the page sections a programme or content page is made of.
 */
import { z } from 'astro/zod';

/**
 * How a schema names an entry of another collection. The build passes Astro's `reference()`, so a
 * name with no file behind it fails; the content editor passes its own, so these schemas also run
 * in the editor and in unit tests, outside Astro.
 */
export type Reference<R extends z.ZodType = z.ZodType> = (collection: 'courses' | 'faqs') => R;

export const text = (max: number) => z.string().trim().min(1).max(max);
/** A link inside the site ("/aspirademy", "/course/…#faq") or to another site ("https://…"). */
export const href = z
  .string()
  .max(300)
  .regex(
    /^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9]+|#[a-z0-9-]+)$/i,
    'a link starts with "/", "https://", "mailto:", "tel:" or "#"',
  )
  .describe('Where the link goes: a site path like /aspirademy, or a full https:// address');
export const link = z.strictObject({ label: text(60).describe('The visible link text'), href });
export const cta = z.strictObject({ label: text(40).describe('Button text'), href }).describe('A button');
/** The name of an entry in a list file (partners.yaml, features.yaml, payment-methods.yaml). */
export const entryId = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .describe('A unique name: lowercase letters, digits and dashes');
/**
 * An SVG in public/<folder>, named by its address ("/partners/acme.svg"). The `upload` metadata
 * tells the content editor where uploads go and what it accepts: small SVGs only (the 11 partner
 * logos share a 20 KB budget, docs/architecture.md, Budgets).
 */
export const svgFile = (folder: 'partners' | 'payments') =>
  z
    .string()
    .regex(new RegExp(`^/${folder}/[a-z0-9-]+\\.svg$`), `an SVG file in public/${folder} with a lowercase name`)
    .meta({ upload: { folder: `public/${folder}`, accept: 'image/svg+xml', maxBytes: 8_000 } })
    .describe(`An SVG file in public/${folder}`);
/** Money is written as a plain number in its currency: 299000 with currency INR renders as ₹2,99,000. */
export const money = z
  .strictObject({
    amount: z.number().positive().max(10_000_000).describe('Plain number in the currency unit, no commas: 299000'),
    currency: z.enum(['INR', 'EUR']).default('INR').describe('INR (rupees) or EUR (euros)'),
  })
  .describe('A fee; the site formats it (₹2,99,000 / €1,500)');
export const seo = z
  .strictObject({
    title: text(70).describe('Browser tab and search-result title (the brand is added after it)'),
    description: text(170).describe('Search-result snippet, 70-160 characters is best'),
  })
  .describe('Search engine texts for this page');
const paragraphs = z.array(text(900)).min(1).max(12).describe('Paragraphs of text, one list item per paragraph');

const fact = z
  .strictObject({
    label: text(40).describe('Small caption, e.g. "Duration"'),
    value: text(80).optional().describe('The fact, e.g. "30 days"'),
    money: money.optional().describe('Use instead of value for a fee'),
    note: text(80).optional().describe('Small print under the value, e.g. "all-inclusive"'),
  })
  .refine((f) => Boolean(f.value) !== Boolean(f.money), 'a fact has either a value or a money amount');

export const hero = z
  .strictObject({
    eyebrow: text(60).optional().describe('Small line above the title'),
    title: text(110).describe('The page heading (h1)'),
    lead: text(400).optional().describe('One or two sentences under the title'),
    primary: cta.optional(),
    secondary: cta.optional(),
    ticks: z.array(text(60)).max(4).optional().describe('Short claims shown with a tick'),
  })
  .describe('Top of the page');

export const card = z.strictObject({
  title: text(80),
  body: text(400).optional(),
  icon: z
    .enum([
      'globe',
      'cap',
      'briefcase',
      'clock',
      'chart',
      'people',
      'plane',
      'star',
      'rupee',
      'book',
      'shield',
      'spark',
      'language',
      'pin',
      'rocket',
      'heart',
    ])
    .optional()
    .describe('A small icon from the site icon set'),
  href: href.optional().describe('Makes the whole card a link'),
  meta: text(60).optional().describe('Small line under the title, e.g. "5 months"'),
});

/**
 * The building blocks a page is made of, rendered top to bottom. `type` picks the block. The order
 * of the blocks here sets the order the content editor writes a block's keys in (each key where it
 * is first used), so it keeps `cta` after a fee table's rows: see scripts/content-form.ts.
 */
const section = <R extends z.ZodType>(reference: Reference<R>) =>
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('cards'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      columns: z.number().int().min(2).max(4).default(3),
      items: z.array(card).min(1).max(12),
    }),
    z.strictObject({
      type: z.literal('list'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      numbered: z.boolean().default(false),
      items: z.array(text(300)).min(1).max(30),
    }),
    z.strictObject({
      type: z.literal('tags'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      items: z.array(text(60)).min(1).max(40),
    }),
    z.strictObject({
      type: z.literal('themes'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      items: z
        .array(z.strictObject({ title: text(80), body: text(400), cities: z.array(text(40)).max(8) }))
        .min(1)
        .max(6),
    }),
    z.strictObject({
      type: z.literal('courses'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      courses: z.array(reference('courses')).min(1).max(10).describe('The course pages shown as cards, in this order'),
    }),
    z.strictObject({
      type: z.literal('faq'),
      id: z.string().max(40).optional(),
      heading: text(100).optional(),
      faq: reference('faqs').describe('The FAQ set shown here'),
    }),
    z.strictObject({
      type: z.literal('claims'),
      id: z.string().max(40).optional(),
      heading: text(100).optional(),
      items: z
        .array(z.strictObject({ value: text(24), label: text(120) }))
        .min(1)
        .max(6),
    }),
    z.strictObject({
      type: z.literal('fees'),
      id: z.string().max(40).optional(),
      heading: text(100),
      intro: text(400).optional(),
      rows: z
        .array(
          z.strictObject({
            label: text(80),
            money: money.optional(),
            value: text(80).optional(),
            note: text(160).optional(),
            link: z
              .strictObject({ label: text(60), href })
              .optional()
              .describe('A link under the note, e.g. to the fee plan'),
          }),
        )
        .min(1)
        .max(10),
      cta: cta.optional(),
    }),
    z.strictObject({
      type: z.literal('deadline'),
      id: z.string().max(40).optional(),
      heading: text(100),
      body: text(400),
      date: text(60).describe('Written exactly as it should read, e.g. "August 31, 2025, 12 PM IST"'),
      cta: cta.optional(),
    }),
    z.strictObject({
      type: z.literal('text'),
      id: z.string().max(40).optional(),
      heading: text(100),
      body: paragraphs,
      cta: cta.optional(),
    }),
    z.strictObject({
      type: z.literal('cta'),
      id: z.string().max(40).optional(),
      heading: text(100),
      body: text(400).optional(),
      primary: cta,
      secondary: cta.optional(),
    }),
  ]);

/** The fields of a page made of content: search texts, hero, key facts and sections. */
export const page = <R extends z.ZodType>(reference: Reference<R>) => ({
  seo,
  hero,
  facts: z.array(fact).max(8).optional().describe('Key facts shown as a row under the hero'),
  sections: z.array(section(reference)).max(20).default([]),
});

/** Site settings: the grievance officer named on /privacy (DPDP Act), whom a person without an account writes to. */
export const grievanceOfficer = z
  .strictObject({
    name: text(80).describe('The grievance officer’s full name'),
    email: z.email().max(120).describe('Where people send privacy requests (see, correct or erase their data)'),
  })
  .describe('The grievance officer for privacy requests, shown on /privacy');
