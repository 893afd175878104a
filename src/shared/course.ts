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
