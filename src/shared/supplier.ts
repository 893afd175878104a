/**
 * The supplier on every tax invoice (src/content/settings/supplier.json): checked by this schema
 * when the site builds (content collection "settings") and when a function first issues an
 * invoice (netlify/lib/invoices/settings.ts), so a bad edit never reaches a document.
 */
import { z } from 'zod';
import { GST_STATE_CODES, isValidGstin } from './gstin.ts';

/**
 * A format-valid GSTIN (Haryana, checksum correct) that belongs to nobody we know: the settings
 * file ships with it until the business enters its own. A production build refuses it
 * (src/content.config.ts), local runs and previews use it.
 */
export const SAMPLE_GSTIN = '06AAACA1234A1ZO';

/** Invoice numbers are `${prefix}/${yy-yy}/${000001}` (16 characters with a 3-letter prefix). */
export const INVOICE_PREFIX_MAX = 3;

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must be one line of plain text');

export const supplierSchema = z
  .object({
    note: z.string().max(500).optional().describe('A comment for whoever edits this file; never printed'),
    legalName: line(120).describe('The registered legal name, exactly as on the GST certificate'),
    tradeName: line(80).optional(),
    address: z.array(line(80)).min(1).max(4).describe('The principal place of business on the GST registration'),
    stateCode: z.enum(GST_STATE_CODES, { error: 'stateCode must be a GST state code such as "06"' }),
    gstin: z.string().trim().toUpperCase().refine(isValidGstin, 'gstin is not a valid GSTIN (format or check character)'),
    sac: z.literal('999293').describe('Commercial training and coaching services'),
    gstRatePercent: z.literal(18),
    pricesIncludeGst: z.boolean().describe('true: the prices shown are what the buyer pays, GST included'),
    invoicePrefix: z
      .string()
      .regex(new RegExp(`^[A-Z]{1,${INVOICE_PREFIX_MAX}}$`), `invoicePrefix must be 1 to ${INVOICE_PREFIX_MAX} capital letters`),
  })
  .strict()
  .refine((s) => s.gstin.slice(0, 2) === s.stateCode, { path: ['gstin'], message: 'gstin must start with the stateCode' });

export type Supplier = z.output<typeof supplierSchema>;

/** A production build must carry the business's own GSTIN: the sample is refused there (and only there). */
export function sampleGstinInProduction(settings: Pick<Supplier, 'gstin'>, deployContext: string | undefined): boolean {
  return deployContext === 'production' && settings.gstin === SAMPLE_GSTIN;
}
