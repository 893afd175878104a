/**
 * Download links for invoices and credit notes. A link carries a key derived from the document
 * id with the server's secret (HMAC), so the payment email and the /success page can offer the
 * PDF to a buyer without an account, and the key opens that one document only. Nothing is
 * stored: the same key can be derived again for any later email.
 */
import { createHmac } from 'node:crypto';
import { env, siteUrl, signaturesEqual } from '../platform/index.ts';

export type DocumentKind = 'invoice' | 'credit-note';

export function documentKey(kind: DocumentKind, id: string): string {
  return createHmac('sha256', env().jwtSecret).update(`tax-document:${kind}:${id}`).digest('base64url').slice(0, 32);
}

export function keyMatches(kind: DocumentKind, id: string, key: string | null): boolean {
  return !!key && key.length === 32 && signaturesEqual(documentKey(kind, id), key);
}

/** The path of a document's PDF with its key, e.g. /api/v1/invoices/12/pdf?key=... */
export function documentPath(kind: DocumentKind, id: string): string {
  return `/api/v1/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${id}/pdf?key=${documentKey(kind, id)}`;
}

export function documentUrl(kind: DocumentKind, id: string): string {
  return siteUrl(documentPath(kind, id));
}
