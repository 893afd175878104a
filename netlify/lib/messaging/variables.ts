/**
 * What a template variable may carry: only what we generated (amounts, dates, our own links) or
 * cleaned. A name typed into a form is greeted as "there" unless it is a plain name (the emails'
 * rule, greetingName: no digits, no "x.y" that reads as a link, no @ or slashes); any other text is
 * one line (Meta refuses line breaks and long runs of spaces) of bounded length.
 */
import { greetingName } from '../outbox/index.ts';
import { TEMPLATES, type TemplateDefinition, type TemplateName } from './templates.ts';

/** Meta's limit per parameter is far longer; ours keeps a message readable. */
export const VARIABLE_MAX = 200;

/** Variables that hold a person's name, and what stands in when it is not a plain name. */
const NAMES: Record<string, string> = { name: 'there', counsellor: 'An advisor' };

export function oneLine(value: string, max = VARIABLE_MAX): string {
  const line = value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 3).trimEnd()}...` : line;
}

/** A name as a template may carry it, or `fallback`. */
export function cleanName(value: string | null | undefined, fallback = 'there'): string {
  const name = greetingName(value ?? '');
  return name === 'there' ? fallback : name;
}

/** The template's variables (without the choices link the sender adds), each cleaned for what it holds. */
export function cleanVariables(template: TemplateName, values: readonly string[]): string[] {
  const definition: TemplateDefinition = TEMPLATES[template];
  return values.map((value, i) => {
    const label = definition.variables[i] ?? '';
    const fallback = NAMES[label];
    return fallback === undefined ? oneLine(value) : cleanName(value, fallback);
  });
}
