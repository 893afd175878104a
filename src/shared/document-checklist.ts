/**
 * The documents each programme asks its applicants for (src/content/settings/document-checklists.json):
 * checked by this schema when the site builds (content collection "documentChecklists", editable in
 * the content editor) and when a function first reads the file (netlify/lib/documents/checklist.ts),
 * so a bad edit never reaches an applicant.
 */
import { z } from 'zod';
import { FEE_OPTION_IDS } from './registration-fees.ts';
import { DOCUMENT_FORMATS, DOCUMENT_MAX_MB } from './document-formats.ts';

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must be one line of plain text');

export const documentTypeSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, '2-40 lower-case letters, digits and hyphens, e.g. "marksheet-12"')
    .describe('A short name the system keys uploads by; never change it once applicants have uploaded'),
  label: line(80).describe('What the applicant sees, e.g. "12th marksheet"'),
  required: z.boolean().describe('Required documents must all be approved before the application moves to Applied'),
  formats: z.array(z.enum(DOCUMENT_FORMATS)).min(1).max(DOCUMENT_FORMATS.length).describe('Accepted file types: pdf, jpeg, png'),
  maxMb: z.number().int().min(1).max(DOCUMENT_MAX_MB).describe(`Largest file in MB (at most ${DOCUMENT_MAX_MB})`),
  help: line(200).describe('One line of help shown under the document'),
});

export const checklistSchema = z.strictObject({
  programme: line(60).describe('The programme, as applicants know it'),
  feeOptions: z
    .array(z.enum(FEE_OPTION_IDS))
    .max(FEE_OPTION_IDS.length)
    .default([]) // the content editor leaves an empty pick out of the file
    .describe('Registrations paid with these fee options get this list; the list with none is everyone else’s'),
  documents: z
    .array(documentTypeSchema)
    .min(1)
    .max(20)
    .refine((docs) => new Set(docs.map((d) => d.id)).size === docs.length, 'each document needs its own id'),
});

export const documentChecklistsSchema = z
  .strictObject({
    note: z.string().max(500).optional().describe('A comment for whoever edits this file; never shown'),
    checklists: z.array(checklistSchema).min(1).max(12),
  })
  .refine((v) => v.checklists.filter((c) => c.feeOptions.length === 0).length === 1, {
    message: 'exactly one checklist must have no fee options (the list for everyone else)',
    path: ['checklists'],
  })
  .refine(
    (v) => {
      const all = v.checklists.flatMap((c) => c.feeOptions);
      return new Set(all).size === all.length;
    },
    { message: 'a fee option may appear in one checklist only', path: ['checklists'] },
  );

export type DocumentType = z.output<typeof documentTypeSchema>;
export type Checklist = z.output<typeof checklistSchema>;
export type DocumentChecklists = z.output<typeof documentChecklistsSchema>;
