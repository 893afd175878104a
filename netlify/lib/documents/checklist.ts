/**
 * The checklists for functions: the same file the site build checks and marketers edit
 * (src/content/settings/document-checklists.json), bundled into the function and checked again by
 * the same schema on first use.
 */
import raw from '../../../src/content/settings/document-checklists.json' with { type: 'json' };
import { documentChecklistsSchema, type Checklist, type DocumentChecklists } from '../../../src/shared/document-checklist.ts';

let parsed: DocumentChecklists | undefined;

export function checklists(): DocumentChecklists {
  parsed ??= documentChecklistsSchema.parse(raw);
  return parsed;
}

/** The list for a registration's fee option (its latest fee order), else the list for everyone else. */
export function checklistFor(feeOption: string | null): Checklist {
  const all = checklists().checklists;
  return (feeOption && all.find((c) => (c.feeOptions as string[]).includes(feeOption))) || all.find((c) => c.feeOptions.length === 0)!;
}
