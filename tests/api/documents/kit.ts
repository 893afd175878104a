/**
 * Helpers for the documents API tests: an applicant (a registration and a learner account with the
 * same confirmed email), the team, real files made here (a JPEG with GPS in its EXIF, PDFs good and
 * bad), and the two-step upload as a browser does it: issue, PUT to the signed URL, confirm.
 */
import { expect } from 'vitest';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { localStandIn } from '../../../netlify/lib/documents/index.ts';
import { BASE_URL, call, type TestDatabase } from '../support/harness.ts';
import { adminAccount, INVITE, learnerAccount } from '../privacy/kit.ts';
import { newEmail, nextIp, registered } from '../registrations/kit.ts';

export { INVITE };

export type Applicant = { email: string; token: string; registrationId: string };

export async function applicant(db: TestDatabase, label = 'applicant'): Promise<Applicant> {
  const email = newEmail(label);
  const { registrationId } = await registered(db, email);
  const { token } = await learnerAccount(db, email);
  return { email, token, registrationId };
}

export type Admin = { token: string; id: string; email: string };

export async function teamMember(db: TestDatabase, role: 'owner' | 'counsellor', label = role): Promise<Admin> {
  const email = newEmail(label).replace('@example.com', '@aspira.example');
  const { token } = await adminAccount(db, email, role);
  const [row] = await db.sql<{ id: string }[]>`select id from accounts where role = 'admin' and email = ${email}`;
  return { token, id: row!.id, email };
}

/** Gives the registration's lead to an admin, as an owner would in the pipeline. */
export async function assignLead(db: TestDatabase, registrationId: string, admin: Admin | null): Promise<void> {
  await db.sql`update lead_pipeline set owner_id = ${admin?.id ?? null} where lead_kind = 'registration' and lead_id = ${registrationId}`;
}

// --- Files ---

/** A photo-like JPEG whose EXIF holds a GPS position (and a camera). */
export async function jpegWithGps(): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 30/1' },
    })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** Whether a JPEG's EXIF has a GPS block (tag 0x8825, in either byte order). */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata();
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

export async function pngImage(width = 60, height = 40): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
}

export async function pdf(text = 'Marksheet'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14 });
  return doc.save();
}

/** A PDF that runs JavaScript when opened (pdf-lib compresses the catalog into an object stream). */
export async function pdfWithJavaScript(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  return doc.save();
}

/** A PDF whose trailer names an encryption dictionary. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await pdf('secret')).toString('latin1');
  const at = text.lastIndexOf('trailer') >= 0 ? text.lastIndexOf('trailer') : text.lastIndexOf('startxref');
  return new Uint8Array(Buffer.from(`${text.slice(0, at)}<< /Encrypt << /Filter /Standard /V 2 >> >>\n${text.slice(at)}`, 'latin1'));
}

export async function pdfWithEmbeddedFile(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  await doc.attach(Buffer.from('hidden'), 'notes.txt', { mimeType: 'text/plain' });
  return doc.save({ useObjectStreams: false });
}

// --- The two-step upload ---

type Declared = { type: string; fileName?: string; contentType?: string; size?: number };

export function issue(who: Applicant, declared: Declared, registrationId = who.registrationId, ip = nextIp()) {
  return call('POST', `/api/v1/user/applications/${registrationId}/documents/uploads`, {
    token: who.token,
    ip,
    body: {
      type: declared.type,
      fileName: declared.fileName ?? `${declared.type}.pdf`,
      contentType: declared.contentType ?? 'application/pdf',
      size: declared.size ?? 1000,
    },
  });
}

/** The browser's PUT to the signed URL (the local stand-in, on the site's origin). */
export async function putSigned(uploadUrl: string, bytes: Uint8Array, contentType: string): Promise<Response> {
  const standIn = localStandIn();
  if (!standIn) throw new Error('no local Storage stand-in');
  return standIn.handle(
    new Request(new URL(uploadUrl, BASE_URL), { method: 'PUT', body: bytes as BodyInit, headers: { 'content-type': contentType } }),
  );
}

export function confirm(who: Applicant, uploadId: string, registrationId = who.registrationId) {
  return call('POST', `/api/v1/user/applications/${registrationId}/documents/uploads/${uploadId}/confirm`, {
    token: who.token,
    ip: nextIp(),
  });
}

/** Issue, PUT, confirm: answers the confirm's answer. */
export async function upload(who: Applicant, type: string, bytes: Uint8Array, contentType: string, fileName = `${type}.bin`) {
  const issued = await issue(who, { type, fileName, contentType, size: bytes.length });
  expect(issued.status, issued.text).toBe(201);
  const put = await putSigned(issued.body.uploadUrl, bytes, contentType);
  expect(put.status, await put.clone().text()).toBe(200);
  return { issued, confirmed: await confirm(who, issued.body.uploadId) };
}

export const slot = (answer: { body: { slots: { type: string }[] } }, type: string) =>
  answer.body.slots.find((s) => s.type === type) as Record<string, any>;

/** The bytes Storage holds for a document (through a reviewer's signed link). */
export async function storedBytes(objectUrl: string): Promise<Response> {
  return localStandIn()!.handle(new Request(new URL(objectUrl, BASE_URL)));
}
