import { z } from 'zod';

/** Course ids are 24 hex characters (kept from the old site so /course/{id} links keep working). */
export const courseIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{24}$/, 'A course id is 24 hexadecimal characters')
  .transform((id) => id.toLowerCase());

/** A course as the API answers it (spec section 3). `price` is in rupees. */
export type CourseDto = {
  _id: string;
  title: string;
  description: string;
  price: number;
  duration: string;
  image: { url: string | null };
};

export const DESCRIPTION_CUT = { list: 100, admin: 200 } as const;

/** "First 100 characters…" without cutting a word in half where it can be helped. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
