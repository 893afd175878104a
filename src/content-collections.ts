/**
 * Everything a marketer edits lives in src/content: where each collection's files are and the
 * schema that checks them. The build checks every file (src/content.config.ts) and the content
 * editor is generated from the same schemas (src/content-editor/), so the two cannot disagree.
 * Objects are strict (a misspelt key fails), and links to FAQs and courses are references. The
 * order of the fields is the order the editor writes them in. How to edit: docs/content.md.
 */
import { z } from 'astro/zod';
import { card, cta, entryId, grievanceOfficer, href, link, money, page, seo, svgFile, text, type Reference } from './content-schemas.ts';
import { supplierSchema } from './shared/supplier.ts';
import { documentChecklistsSchema } from './shared/document-checklist.ts';

/** Where each collection lives under src/content: one file, a folder of files, or one file holding a list. */
export type ContentFiles = { file: string } | { folder: string; extension: 'yaml' | 'md' } | { list: string };

export const CONTENT_FILES = {
  site: { file: 'site.yaml' },
  home: { file: 'home.yaml' },
  programmes: { folder: 'programmes', extension: 'yaml' },
  courses: { folder: 'courses', extension: 'yaml' },
  faqs: { folder: 'faqs', extension: 'yaml' },
  pages: { folder: 'pages', extension: 'yaml' },
  partners: { list: 'partners.yaml' },
  features: { list: 'features.yaml' },
  paymentMethods: { list: 'payment-methods.yaml' },
  legal: { folder: 'legal', extension: 'md' },
  settings: { file: 'settings/supplier.json' },
  documentChecklists: { file: 'settings/document-checklists.json' },
} as const satisfies Record<string, ContentFiles>;

export type CollectionName = keyof typeof CONTENT_FILES;

const site = z.strictObject({
  brand: text(40).describe('The brand name, e.g. "Aspira"; every page follows it'),
  tagline: text(120),
  defaultDescription: text(170),
  address: z.strictObject({ lines: z.array(text(80)).min(1).max(4), country: text(40) }),
  phone: z.strictObject({ display: text(30), tel: z.string().regex(/^\+[0-9]{8,15}$/, 'a phone number like +919810042424') }),
  email: z.email().max(120),
  grievanceOfficer,
  social: z.array(z.strictObject({ network: z.enum(['linkedin', 'instagram', 'facebook', 'youtube', 'x']), label: text(40), href })).max(6),
  skipLink: text(40),
  header: z.strictObject({
    searchPlaceholder: text(60),
    searchLabel: text(60),
    allCoursesLabel: text(30),
    registration: cta,
    tank: cta,
    menuLabel: text(20),
    moreLabel: text(20),
    more: z.array(link).min(1).max(6),
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
    mobileRegistration: cta.describe('The registration link in the mobile menu'),
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
});

const home = z.strictObject({
  seo,
  hero: z.strictObject({ eyebrow: text(60), title: text(110), lead: text(300), explore: text(30), apply: cta, posterAlt: text(160) }),
  claims: z
    .array(z.strictObject({ value: text(24), label: text(120) }))
    .min(1)
    .max(6),
  catalogue: z
    .strictObject({
      heading: text(80),
      intro: text(300),
      allLabel: text(30).describe('The first filter, showing every course'),
      filterLabel: text(40),
      listLabel: text(40).describe('Screen-reader name of the scrollable course list'),
      viewLabel: text(30),
      emptyText: text(120),
    })
    .describe('The texts around the course catalogue; the courses themselves are edited by admins at /admin/our-courses'),
  programmes: z.strictObject({ heading: text(80), intro: text(300) }),
  partners: z.strictObject({ heading: text(80) }),
  features: z.strictObject({ heading: text(80) }),
  scholarship: z.strictObject({ eyebrow: text(40), heading: text(100), body: text(400), cta }),
  help: z.strictObject({ heading: text(80), body: text(300), cta }),
});

const faqs = z.strictObject({
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
});

const courses = <R extends z.ZodType>(reference: Reference<R>) =>
  z.strictObject({
    courseId: z
      .string()
      .regex(/^[0-9a-f]{24}$/, '24 characters, digits and a-f')
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
    faq: reference('faqs').describe('The FAQ set shown on this page'),
  });

const listEntry = {
  partners: z.strictObject({
    id: entryId,
    name: text(60).describe('Partner name, used as the logo alt text'),
    logo: svgFile('partners'),
    width: z.number().int().min(40).max(400).describe('The logo’s width in pixels at 40 px height'),
  }),
  features: z.strictObject({
    id: entryId,
    order: z.number().int().min(0).max(99).describe('Position in the row'),
    title: text(60),
    body: text(200),
    icon: card.shape.icon,
  }),
  paymentMethods: z.strictObject({
    id: entryId,
    order: z.number().int().min(0).max(99).describe('Position in the row'),
    name: text(40).describe('Shown as the icon alt text'),
    icon: svgFile('payments'),
    details: text(300).describe('Shown on the Payment Methods page'),
  }),
};

/** Every collection's schema. `reference` names entries of other collections (see Reference). */
export function contentSchemas<R extends z.ZodType>(reference: Reference<R>) {
  return {
    site,
    home,
    programmes: z.strictObject({
      name: text(60).describe('Programme name as it appears in search and menus'),
      href: href.describe('The page of this programme'),
      order: z.number().int().min(0).max(99).describe('Position in search results and lists'),
      kind: z.enum(['programme', 'career', 'tank']).describe('programme: a programme page; career: a page under /careers; tank: /tank'),
      summary: text(200).describe('One line used in cards and search'),
      ...page(reference),
    }),
    courses: courses(reference),
    faqs,
    pages: z.strictObject({
      ...page(reference),
      extra: z.record(z.string(), text(300)).optional().describe('Short labels this page needs'),
    }),
    ...listEntry,
    legal: z.strictObject({
      title: text(80),
      description: text(170),
      updated: text(40).describe('Written as it should read, e.g. "24 November 2026"'),
    }),
    settings: supplierSchema,
    documentChecklists: documentChecklistsSchema,
  } satisfies Record<CollectionName, z.ZodType>;
}
