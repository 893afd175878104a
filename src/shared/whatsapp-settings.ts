/** A learner's WhatsApp choice in settings (docs/whatsapp.md). */
import { z } from 'zod';
import { normalisePhone } from './leads.ts';

/** PUT /api/v1/user/whatsapp: the learner's choice in settings (a number to turn it on). */
export const whatsappSettingSchema = z.discriminatedUnion(
  'optedIn',
  [
    z
      .object({
        optedIn: z.literal(true),
        phone: z
          .string({ error: 'Enter your WhatsApp number' })
          .trim()
          .min(1, 'Enter your WhatsApp number')
          .max(30, 'Enter a 10-digit mobile number, or + and the country code')
          .transform((value, ctx) => {
            const normal = normalisePhone(value);
            if (!normal) {
              ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit mobile number, or + and the country code' });
              return z.NEVER;
            }
            return normal;
          }),
        /** The language of the messages (and of the notice the person read). */
        language: z.enum(['en', 'hi'], { error: 'Choose English or Hindi' }).default('en'),
      })
      .strict(),
    z.object({ optedIn: z.literal(false) }).strict(),
  ],
  { error: 'optedIn must be true or false' },
);
export type WhatsAppSettingInput = z.output<typeof whatsappSettingSchema>;
export type WhatsAppSetting = { available: boolean; optedIn: boolean; phone: string | null; language: 'en' | 'hi' | null };
