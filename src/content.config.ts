/**
 * Everything a marketer edits lives in src/content. These schemas check every edit at build time:
 * a missing field, a text that is too long or a malformed link fails `astro build` with a message
 * naming the file and the field. Objects are strict, so a misspelt key fails too, and links to FAQs
 * and courses are references: a name with no file behind it fails the build. How to edit:
 * docs/content.md.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const text = (max: number) => z.string().trim().min(1).max(max);
/** A link inside the site ("/aspirademy", "/course/…#faq") or to another site ("https://…"). */
const href = z
  .string()
  .max(300)
  .regex(
    /^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9]+|#[a-z0-9-]+)$/i,
    'a link starts with "/", "https://", "mailto:", "tel:" or "#"',
  )
  .describe('Where the link goes: a site path like /aspirademy, or a full https:// address');
const link = z.strictObject({ label: text(60).describe('The visible link text'), href });
const cta = z.strictObject({ label: text(40).describe('Button text'), href }).describe('A button');
/** The name of an entry in a list file (partners.yaml, features.yaml, payment-methods.yaml). */
const entryId = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .describe('A unique name: lowercase letters, digits and dashes');
/** Money is written as a plain number in its currency: 299000 with currency INR renders as ₹2,99,000. */
const money = z
  .object({
    amount: z.number().positive().max(10_000_000).describe('Plain number in the currency unit, no commas: 299000'),
    currency: z.enum(['INR', 'EUR']).default('INR').describe('INR (rupees) or EUR (euros)'),
  })
  .describe('A fee; the site formats it (₹2,99,000 / €1,500)');
const seo = z
  .object({
    title: text(70).describe('Browser tab and search-result title (the brand is added after it)'),
    description: text(170).describe('Search-result snippet, 70-160 characters is best'),
  })
  .describe('Search engine texts for this page');
const paragraphs = z.array(text(900)).min(1).max(12).describe('Paragraphs of text, one list item per paragraph');

const fact = z
  .object({
    label: text(40).describe('Small caption, e.g. "Duration"'),
    value: text(80).optional().describe('The fact, e.g. "30 days"'),
    money: money.optional().describe('Use instead of value for a fee'),
    note: text(80).optional().describe('Small print under the value, e.g. "all-inclusive"'),
  })
  .refine((f) => Boolean(f.value) !== Boolean(f.money), 'a fact has either a value or a money amount');

const hero = z
  .object({
    eyebrow: text(60).optional().describe('Small line above the title'),
    title: text(110).describe('The page heading (h1)'),
    lead: text(400).optional().describe('One or two sentences under the title'),
    primary: cta.optional(),
    secondary: cta.optional(),
    ticks: z.array(text(60)).max(4).optional().describe('Short claims shown with a tick'),
  })
  .describe('Top of the page');

const card = z.strictObject({
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

/** The building blocks a page is made of, rendered top to bottom. `type` picks the block. */
const section = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), id: z.string().max(40).optional(), heading: text(100), body: paragraphs, cta: cta.optional() }),
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
    type: z.literal('fees'),
    id: z.string().max(40).optional(),
    heading: text(100),
    intro: text(400).optional(),
    rows: z
      .array(z.strictObject({ label: text(80), money: money.optional(), value: text(80).optional(), note: text(160).optional() }))
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
    type: z.literal('courses'),
    id: z.string().max(40).optional(),
    heading: text(100),
    intro: text(400).optional(),
    courses: z.array(reference('courses')).min(1).max(10).describe('Names of course landing pages in src/content/courses, without .yaml'),
  }),
  z.strictObject({
    type: z.literal('faq'),
    id: z.string().max(40).optional(),
    heading: text(100).optional(),
    faq: reference('faqs').describe('Name of a file in src/content/faqs, without .yaml'),
  }),
  z.strictObject({
    type: z.literal('cta'),
    id: z.string().max(40).optional(),
    heading: text(100),
    body: text(400).optional(),
    primary: cta,
    secondary: cta.optional(),
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
]);

const page = {
  seo,
  hero,
  facts: z.array(fact).max(8).optional().describe('Key facts shown as a row under the hero'),
  sections: z.array(section).max(20).default([]),
};

const site = defineCollection({
  loader: glob({ pattern: 'site.yaml', base: './src/content' }),
  schema: z.strictObject({
    brand: text(40).describe('The brand name, e.g. "Aspira"'),
    tagline: text(120),
    defaultDescription: text(170),
    address: z.strictObject({ lines: z.array(text(80)).min(1).max(4), country: text(40) }),
    phone: z.strictObject({ display: text(30), tel: z.string().regex(/^\+[0-9]{8,15}$/) }),
    email: z.email().max(120),
    social: z
      .array(z.strictObject({ network: z.enum(['linkedin', 'instagram', 'facebook', 'youtube', 'x']), label: text(40), href }))
      .max(6),
    header: z.strictObject({
      searchPlaceholder: text(60),
      searchLabel: text(60),
      allCoursesLabel: text(30),
      registration: cta,
      tank: cta,
      mobileRegistration: cta.describe('The registration link in the mobile menu'),
      moreLabel: text(20),
      more: z.array(link).min(1).max(6),
      menuLabel: text(20),
      programmeMenus: z
        .array(z.strictObject({ label: text(30), href, links: z.array(link).max(8) }))
        .max(6)
        .describe('Per-programme dropdowns'),
      allCourses: z
        .array(
          z.strictObject({
            category: text(30),
            items: z
              .array(z.strictObject({ title: text(80), provider: text(40), duration: text(30), href }))
              .min(1)
              .max(8),
          }),
        )
        .min(1)
        .max(6)
        .describe('The "All Courses" menu: one entry per category'),
    }),
    footer: z.strictObject({
      about: text(300),
      exploreHeading: text(30),
      explore: z.array(link).min(1).max(10),
      policyHeading: text(30),
      policy: z.array(link).min(1).max(10),
      contactHeading: text(30),
      paymentHeading: text(40),
      copyright: text(120),
    }),
    contactBar: z.strictObject({ text: text(80), button: text(30), dialogTitle: text(60), dialogIntro: text(200), closeLabel: text(30) }),
    skipLink: text(40),
  }),
});

const programmes = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/programmes' }),
  schema: z.strictObject({
    name: text(60).describe('Programme name as it appears in search and menus'),
    href: href.describe('The page of this programme'),
    order: z.number().int().min(0).max(99).describe('Position in search results and lists'),
    summary: text(200).describe('One line used in cards and search'),
    kind: z.enum(['programme', 'career', 'tank']),
    ...page,
  }),
});

const courses = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/courses' }),
  schema: z.strictObject({
    courseId: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('The 24-character id; the page is /course/{courseId}'),
    title: text(80),
    tagline: text(200),
    summary: text(200).describe('Used on cards linking to this course'),
    seo,
    ticks: z.array(text(60)).length(2),
    eligibility: z.strictObject({ heading: text(60), items: z.array(text(160)).min(1).max(6) }),
    tools: z.strictObject({ heading: text(60), items: z.array(text(30)).min(3).max(24) }),
    details: z.strictObject({
      heading: text(60),
      intro: text(300),
      modules: z
        .array(z.strictObject({ title: text(100), content: text(900) }))
        .min(1)
        .max(10),
    }),
    cohort: z.strictObject({
      heading: text(60),
      start: text(40),
      format: text(60),
      online: text(60),
      inClass: text(60),
      fee: money,
      feeNote: text(80).optional(),
      apply: cta,
    }),
    explore: z.strictObject({ heading: text(60) }),
    faq: reference('faqs').describe('Name of a file in src/content/faqs, without .yaml'),
  }),
});

const faqs = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/faqs' }),
  schema: z.strictObject({
    heading: text(100),
    groups: z
      .array(
        z.strictObject({
          heading: text(100).optional(),
          items: z
            .array(z.strictObject({ question: text(200), answer: text(1200) }))
            .min(1)
            .max(20),
        }),
      )
      .min(1)
      .max(4),
  }),
});

const pages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/pages' }),
  schema: z.strictObject({ ...page, extra: z.record(z.string(), text(300)).optional().describe('Short labels this page needs') }),
});

const home = defineCollection({
  loader: glob({ pattern: 'home.yaml', base: './src/content' }),
  schema: z.strictObject({
    seo,
    hero: z.strictObject({ eyebrow: text(60), title: text(110), lead: text(300), explore: text(30), apply: cta, posterAlt: text(160) }),
    claims: z
      .array(z.strictObject({ value: text(24), label: text(120) }))
      .min(1)
      .max(6),
    catalogue: z.strictObject({
      heading: text(80),
      intro: text(300),
      allLabel: text(30).describe('The first filter, showing every course'),
      filterLabel: text(40),
      listLabel: text(40).describe('Screen-reader name of the scrollable course list'),
      viewLabel: text(30),
      emptyText: text(120),
    }),
    programmes: z.strictObject({ heading: text(80), intro: text(300) }),
    partners: z.strictObject({ heading: text(80) }),
    features: z.strictObject({ heading: text(80) }),
    scholarship: z.strictObject({ eyebrow: text(40), heading: text(100), body: text(400), cta }),
    help: z.strictObject({ heading: text(80), body: text(300), cta }),
  }),
});

const partners = defineCollection({
  loader: file('src/content/partners.yaml'),
  schema: z.strictObject({
    id: entryId,
    name: text(60).describe('Partner name, used as the logo alt text'),
    logo: z
      .string()
      .regex(/^\/partners\/[a-z0-9-]+\.svg$/)
      .describe('File in public/partners'),
    width: z.number().int().min(40).max(400),
  }),
});

const features = defineCollection({
  loader: file('src/content/features.yaml'),
  schema: z.strictObject({
    id: entryId,
    order: z.number().int().min(0).max(99).describe('Position in the row'),
    title: text(60),
    body: text(200),
    icon: card.shape.icon,
  }),
});

const paymentMethods = defineCollection({
  loader: file('src/content/payment-methods.yaml'),
  schema: z.strictObject({
    id: entryId,
    order: z.number().int().min(0).max(99).describe('Position in the row'),
    name: text(40).describe('Shown as the icon alt text'),
    icon: z.string().regex(/^\/payments\/[a-z0-9-]+\.svg$/),
    details: text(300).describe('Shown on the Payment Methods page'),
  }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.strictObject({ title: text(80), description: text(170), updated: text(40) }),
});

export const collections = { site, home, programmes, courses, faqs, pages, partners, features, paymentMethods, legal };
