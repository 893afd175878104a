/**
 * CSV for spreadsheets (RFC 4180): fields with commas, quotes or line breaks are quoted, quotes
 * doubled, rows end with CRLF. Cells that a spreadsheet would run as a formula (starting with
 * = + - @, or a tab / carriage return before one) get a leading apostrophe, so an applicant
 * who types `=HYPERLINK(...)` into a form cannot run anything on an admin's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number | boolean | null | undefined | Date;

export function csvCell(value: Cell): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole document: header row, data rows, CRLF line ends and a BOM so Excel reads UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}
