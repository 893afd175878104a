/**
 * What a reply asks for: "stop" (no more messages) or "start" (messages again), read tolerantly:
 * case, the punctuation, emoji and spaces around it, a hyphen or space inside ("opt-out",
 * "opt out", "optout"), the usual synonyms and Hindi. Only the whole reply counts: "please do
 * not stop" is a message, not an opt-out.
 */

const STOP = new Set([
  'stop',
  'stop all',
  'stopall',
  'unsubscribe',
  'opt out',
  'optout',
  'cancel',
  'end',
  'quit',
  'रोकें',
  'रोको',
  'बंद करें',
  'बंद करो',
  'बंद',
]);
const START = new Set(['start', 'unstop', 'resume', 'subscribe', 'opt in', 'optin', 'शुरू', 'शुरू करें', 'चालू करें']);

/** The reply as compared: lower case, no surrounding punctuation or symbols, one space between words. */
export function normaliseReply(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '')
    .replace(/\s+/g, ' ');
}

export function replyIntent(text: string): 'stop' | 'start' | null {
  const reply = normaliseReply(text);
  if (STOP.has(reply)) return 'stop';
  if (START.has(reply)) return 'start';
  return null;
}
