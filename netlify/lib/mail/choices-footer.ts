/**
 * Every email carries the signed "Your choices" link (DPDP Act s.6(4): withdrawing as easy as
 * giving); marketing also carries List-Unsubscribe with one-click POST (RFC 8058), so a mail app's
 * Unsubscribe button withdraws without opening anything.
 */
import { choicesUrl, unsubscribeUrl } from '../platform/index.ts';
import { escapeHtml } from './layout.ts';
import type { OutgoingEmail } from './transport/types.ts';

const LABEL = 'Your choices: see or withdraw the consents you gave Aspira';

/** A footer already there (an email written again to a corrected address) gives way to the new one. */
const OLD_TEXT = new RegExp(`\\n\\n${LABEL}: \\S+$`);
const OLD_HTML = new RegExp(`<p style="[^"]*"><a href="[^"]*">${LABEL}</a></p>(?=</div></body></html>$|$)`);

export async function withChoicesLink(input: OutgoingEmail): Promise<OutgoingEmail> {
  const email = { ...input, text: input.text.replace(OLD_TEXT, ''), ...(input.html ? { html: input.html.replace(OLD_HTML, '') } : {}) };
  const url = await choicesUrl(email.to);
  const line = `<p style="margin:16px 0 0;font:12px/1.4 Arial,Helvetica,sans-serif;color:#6b7280"><a href="${escapeHtml(url)}">${LABEL}</a></p>`;
  const close = '</div></body></html>';
  const html = email.html?.endsWith(close) ? `${email.html.slice(0, -close.length)}${line}${close}` : email.html && `${email.html}${line}`;
  return { ...email, text: `${email.text}\n\n${LABEL}: ${url}`, ...(html ? { html } : {}) };
}

export async function unsubscribeHeaders(to: string): Promise<Record<string, string>> {
  return { 'List-Unsubscribe': `<${await unsubscribeUrl(to)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
