/**
 * The one email layout: every email the site sends is composed here from plain blocks, as text
 * and as HTML, so wording lives in `templates/<area>.ts` and presentation in this file only.
 * Values are escaped for HTML; nothing a visitor typed may become markup or a link.
 */
import { env } from '../platform/index.ts';

export type EmailContent = { subject: string; text: string; html: string };

export type EmailBlock =
  /** A paragraph. */
  | string
  /** Label/value rows (amounts, ids, dates): a table in HTML, "Label: value" lines in text. */
  | { facts: [label: string, value: string][] }
  /** A button in HTML, "label: url" in text. The url must be ours (built from SITE_URL). */
  | { link: { label: string; url: string } }
  | { list: string[] };

export type EmailInput = {
  subject: string;
  /** "Hello Asha," – the caller decides what name is safe to greet (the outbox's greetingName). */
  greeting: string;
  blocks: EmailBlock[];
  /** Defaults to "The Aspira team". */
  signOff?: string;
  /** Small print under the signature (why this email was sent). */
  footer?: string;
  /** Adds the support email and phone under the body. */
  withSupport?: boolean;
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function supportBlock(): EmailBlock[] {
  const { SUPPORT_EMAIL, SUPPORT_PHONE } = env();
  return [
    'If you have a question, reach us at:',
    {
      facts: [
        ['Email', SUPPORT_EMAIL],
        ['Phone', SUPPORT_PHONE],
      ],
    },
  ];
}

function blockText(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('link' in block) return `${block.link.label}: ${block.link.url}`;
  return block.list.map((item) => `- ${item}`).join('\n');
}

const P = 'margin:0 0 16px;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1f2937';

function blockHtml(block: EmailBlock): string {
  if (typeof block === 'string') return `<p style="${P}">${escapeHtml(block)}</p>`;
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;color:#111827">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="margin:0 0 16px;font:15px/1.4 Arial,Helvetica,sans-serif;border-collapse:collapse">${rows}</table>`;
  }
  if ('link' in block) {
    return `<p style="${P}"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.link.label)}</a></p>`;
  }
  return `<ul style="${P}">${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

/** Builds the subject, text and HTML bodies of one email. */
export function composeEmail(input: EmailInput): EmailContent {
  const blocks = [...input.blocks, ...(input.withSupport ? supportBlock() : [])];
  const signOff = input.signOff ?? 'The Aspira team';
  const text = [input.greeting, ...blocks.map(blockText), signOff, ...(input.footer ? [input.footer] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="${P}">${escapeHtml(input.greeting)}</p>`,
    ...blocks.map(blockHtml),
    `<p style="${P}">${escapeHtml(signOff)}</p>`,
    input.footer ? `<p style="margin:24px 0 0;font:12px/1.4 Arial,Helvetica,sans-serif;color:#6b7280">${escapeHtml(input.footer)}</p>` : '',
    '</div></body></html>',
  ].join('');
  return { subject: input.subject, text, html };
}
