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
import { card, cta, entryId, grievanceOfficer, href, link, money, page, seo, text } from './content-schemas.ts';
import { sampleGstinInProduction, supplierSchema } from './shared/supplier.ts';
import supplierFile from './content/settings/supplier.json' with { type: 'json' };

const site = defineCollection({
  loader: glob({ pattern: 'site.yaml', base: './src/content' }),
  schema: z.strictObject({
    brand: text(40).describe('The brand name, e.g. "Aspira"'),
    tagline: text(120),
    defaultDescription: text(170),
    address: z.strictObject({ lines: z.array(text(80)).min(1).max(4), country: text(40) }),
    phone: z.strictObject({ display: text(30), tel: z.string().regex(/^\+[0-9]{8,15}$/) }),
    email: z.email().max(120),
    grievanceOfficer,
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

/** The supplier on tax invoices; the functions read the same file (netlify/lib/invoices/settings.ts). */
const settings = defineCollection({
  loader: glob({ pattern: 'supplier.json', base: './src/content/settings' }),
  schema: supplierSchema,
});

// Checked here, on every build, not in the schema: the content cache skips unchanged files, and
// this depends on the deploy context, not on the file.
if (sampleGstinInProduction(supplierFile, process.env.CONTEXT)) {
  throw new Error(
    'src/content/settings/supplier.json: gstin is still the sample. Enter the GSTIN of the business before a production deploy',
  );
}

export const collections = { site, home, programmes, courses, faqs, pages, partners, features, paymentMethods, legal, settings };
