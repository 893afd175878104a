/** The admin's course form and image limits: checked in the course editor and again by the API. */
import * as z from 'zod/mini';

/** Upload limits for course images: checked in the form and again by the API. */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Course ids are 24 hex characters (kept from the old site so /course/{id} links keep working). */
export const courseIdSchema = z
  .string({ error: 'A course id is 24 hexadecimal characters' })
  .check(z.regex(/^[0-9a-fA-F]{24}$/, 'A course id is 24 hexadecimal characters'), z.toLowerCase());

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Enter the ${label}`),
      z.maxLength(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`),
    );

/** An amount in rupees, as typed in the form or sent in a multipart field: > 0, at most 2 decimals. */
const rupeesSchema = (label: string) =>
  z.number({ error: `Enter the ${label.toLowerCase()} in rupees` }).check(
    z.gt(0, `${label} must be more than 0`),
    z.lte(10_000_000, `${label} must be at most ₹1,00,00,000`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals (paise)`),
  );

/** "" (an empty form field) is no value; other strings are read as numbers. */
const typedNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);

/**
 * The admin course form (create and update): the island checks it, the API checks the multipart
 * text fields with it. The image travels beside it as a file and is checked separately.
 * `listPrice` is optional: empty or absent means no list price (and no discount shown); when
 * given it must be above the price.
 */
export const courseFormSchema = z
  .strictObject({
    title: text('title', 200),
    description: text('description', 5000),
    price: z.pipe(z.transform(typedNumber), rupeesSchema('Price')),
    listPrice: z.pipe(z.transform(typedNumber), z.optional(rupeesSchema('List price'))),
    duration: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(100, 'Duration must be at most 100 characters'))),
      z.transform((v: string | undefined) => (v ? v : undefined)),
    ),
  })
  .check(
    z.refine((v) => v.listPrice === undefined || typeof v.price !== 'number' || v.listPrice > v.price, {
      message: 'List price must be more than the price, or left empty for no discount',
      path: ['listPrice'],
    }),
  );
export type CourseForm = z.output<typeof courseFormSchema>;
