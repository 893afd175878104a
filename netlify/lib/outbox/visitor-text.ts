/**
 * What a person typed into a form may come back to them in a message of any channel (an email's
 * greeting, a WhatsApp template's name): only a plain name.
 */

export const GREETING_MAX = 40;

/**
 * The only visitor text a confirmation may carry: a short name made of letters (no digits, no
 * "x.y" that could read as a link, no @ or slashes). Anything else is greeted as "there", so
 * a form cannot make our server send someone else a message of a stranger's choosing.
 */
export function greetingName(name: string | undefined): string {
  const value = (name ?? '').trim().replace(/\s+/g, ' ');
  const plain = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u.test(value) && !/\.\S/u.test(value);
  return plain && value.length <= GREETING_MAX ? value : 'there';
}
