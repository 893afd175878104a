/**
 * The applicant's two-step upload: issue a signed URL, PUT the file straight to Storage (the local
 * stand-in, which answers as Supabase does), confirm; every refusal leaves no document and no file.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { localStandIn, storageStandIn } from '../../../netlify/lib/documents/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import {
  applicant,
  confirm,
  encryptedPdf,
  hasGps,
  INVITE,
  issue,
  jpegWithGps,
  pdf,
  pdfWithEmbeddedFile,
  pdfWithJavaScript,
  pngImage,
  putSigned,
  slot,
  upload,
} from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

const documentRows = (registrationId: string) =>
  db.sql<{ status: string; doc_type: string; object_path: string }[]>`
    select status, doc_type, object_path from applicant_documents where registration_id = ${registrationId} order by id`;

describe('the two-step upload', () => {
  it('issues a signed URL, takes the bytes at Storage, checks them on confirm and shows the document as uploaded', async () => {
    const who = await applicant(db);
    const before = await call('GET', `/api/v1/user/applications/${who.registrationId}/documents`, { token: who.token });
    expect(before.status, before.text).toBe(200);
    expect(before.body.programme).toBe('Aspira programmes');
    expect(slot(before, 'marksheet-12')).toMatchObject({ state: 'missing', required: true, formats: ['pdf', 'jpeg', 'png'], maxMb: 10 });

    const file = await pdf();
    const issued = await issue(who, { type: 'marksheet-12', fileName: 'marks.pdf', contentType: 'application/pdf', size: file.length });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.uploadUrl).toMatch(
      /^\/storage\/v1\/object\/upload\/sign\/applicant-documents\/[0-9a-z]+\/marksheet-12\/[0-9a-f-]+\?token=/,
    );
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);

    // Nothing counts until it is confirmed.
    const pending = await call('GET', `/api/v1/user/applications/${who.registrationId}/documents`, { token: who.token });
    expect(slot(pending, 'marksheet-12').state).toBe('missing');

    expect((await putSigned(issued.body.uploadUrl, file, 'application/pdf')).status).toBe(200);
    const confirmed = await confirm(who, issued.body.uploadId);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(slot(confirmed, 'marksheet-12')).toMatchObject({
      state: 'uploaded',
      document: { fileName: 'marks.pdf', contentType: 'application/pdf', sizeBytes: file.length, rejectReason: null },
    });
    // A second confirm of the same upload finds nothing to confirm.
    expect((await confirm(who, issued.body.uploadId)).status).toBe(404);
  });

  it('strips EXIF (with GPS) from photos by writing them again, and keeps the image', async () => {
    const who = await applicant(db);
    const photo = await jpegWithGps();
    expect(await hasGps(photo)).toBe(true);
    const { confirmed } = await upload(who, 'passport', photo, 'image/jpeg', 'passport.jpg');
    expect(confirmed.status, confirmed.text).toBe(200);
    const [row] = await documentRows(who.registrationId);
    const stored = await localStandIn()!.handle(
      new Request(`http://localhost/storage/v1/object/applicant-documents/${row!.object_path}`, {
        headers: { authorization: 'Bearer local-storage-stand-in-service-key' },
      }),
    );
    const bytes = new Uint8Array(await stored.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(await hasGps(bytes)).toBe(false);
  });

  it('replaces an earlier upload of the same document and deletes the old file', async () => {
    const who = await applicant(db);
    await upload(who, 'passport', await pngImage(), 'image/png', 'first.png');
    const objects = localStandIn()!.size();
    const { confirmed } = await upload(who, 'passport', await pdf('second'), 'application/pdf', 'second.pdf');
    expect(slot(confirmed, 'passport').document.fileName).toBe('second.pdf');
    expect((await documentRows(who.registrationId)).map((r) => r.status)).toEqual(['replaced', 'uploaded']);
    expect(localStandIn()!.size()).toBe(objects); // one in, one out
    expect(await db.sql`select * from document_deletions`).toHaveLength(0);
  });
});

describe('refusals', () => {
  const refusedAfterPut = async (type: string, bytes: Uint8Array, contentType: string) => {
    const who = await applicant(db);
    const objects = localStandIn()!.size();
    const { confirmed } = await upload(who, type, bytes, contentType);
    const rows = await documentRows(who.registrationId);
    expect(rows.map((r) => r.status)).toEqual(['refused']);
    expect(localStandIn()!.size()).toBe(objects); // the file was deleted
    return confirmed;
  };

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const res = await refusedAfterPut('marksheet-12', html, 'application/pdf');
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatch(/not a real PDF, JPEG, PNG file/);
    // A real PNG where the document takes PDFs only.
    const png = await refusedAfterPut('cv', await pngImage(), 'application/pdf');
    expect(png.body.errors).toMatch(/takes PDF files; this file is a PNG/);
  });

  it('refuses encrypted PDFs, PDFs with JavaScript (even compressed in an object stream) and PDFs with embedded files', async () => {
    expect((await refusedAfterPut('cv', await encryptedPdf(), 'application/pdf')).body.errors).toMatch(/password-protected or encrypted/);
    expect((await refusedAfterPut('cv', await pdfWithJavaScript(), 'application/pdf')).body.errors).toMatch(/contains JavaScript/);
    expect((await refusedAfterPut('cv', await pdfWithEmbeddedFile(), 'application/pdf')).body.errors).toMatch(/files embedded/);
  });

  it('refuses an image above the pixel limit', async () => {
    const huge = new Uint8Array(
      await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    const res = await refusedAfterPut('passport', huge, 'image/png');
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatch(/too large \(8000 x 5001 pixels\)/);
  });

  it('refuses a declared size over the document’s limit, a type not on the list and a format it does not take (400, nothing issued)', async () => {
    const who = await applicant(db);
    const answers = await Promise.all([
      issue(who, { type: 'cv', size: 5 * 1024 * 1024 + 1 }),
      issue(who, { type: 'passport', size: 10 * 1024 * 1024 + 1, contentType: 'image/jpeg' }),
      issue(who, { type: 'horoscope' }),
      issue(who, { type: 'cv', contentType: 'image/jpeg' }),
      issue(who, { type: 'cv', contentType: 'text/html' }),
      issue(who, { type: 'cv', size: 0 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[0]!.body.errors).toEqual(['size: CV may be at most 5 MB']);
    expect(answers[3]!.body.errors).toEqual(['contentType: CV takes PDF files']);
    expect(await documentRows(who.registrationId)).toEqual([]);
  });

  it('refuses a file bigger than declared limit once its bytes are in (the declared size is not trusted)', async () => {
    const who = await applicant(db);
    const issued = await issue(who, { type: 'cv', size: 1000 });
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await pdf());
    expect((await putSigned(issued.body.uploadUrl, big, 'application/pdf')).status).toBe(200);
    const res = await confirm(who, issued.body.uploadId);
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatch(/at most 5 MB/);
  });

  it("refuses another person's registration as if it did not exist (404), and an unconfirmed account", async () => {
    const owner = await applicant(db, 'owner');
    const other = await applicant(db, 'other');
    const issued = await issue(owner, { type: 'cv' });
    const answers = await Promise.all([
      call('GET', `/api/v1/user/applications/${owner.registrationId}/documents`, { token: other.token }),
      issue(other, { type: 'cv' }, owner.registrationId),
      confirm(other, issued.body.uploadId, owner.registrationId),
      confirm(other, issued.body.uploadId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    await db.sql`update accounts set email_verified_at = null where role = 'user' and email = ${owner.email}`;
    expect((await issue(owner, { type: 'cv' })).status).toBe(403);
  });

  it('refuses an upload confirmed after its window (410) and deletes what arrived', async () => {
    const who = await applicant(db);
    const file = await pdf();
    const issued = await issue(who, { type: 'cv', size: file.length });
    await putSigned(issued.body.uploadUrl, file, 'application/pdf');
    const objects = localStandIn()!.size();
    await db.sql`update applicant_documents set expires_at = now() - interval '1 second' where id = ${issued.body.uploadId}`;
    const res = await confirm(who, issued.body.uploadId);
    expect(res.status).toBe(410);
    expect(res.body.errors).toMatch(/link has expired/);
    expect((await documentRows(who.registrationId)).map((r) => r.status)).toEqual(['expired']);
    expect(localStandIn()!.size()).toBe(objects - 1);
  });

  it('Storage itself refuses a PUT with an expired, forged or other-path token, as Supabase does', async () => {
    let now = Date.now();
    const standIn = storageStandIn({ serviceKey: 'k', secret: 's', bucket: 'b', now: () => now });
    const auth = { authorization: 'Bearer k' };
    const signed = await standIn.handle(new Request('http://x/storage/v1/object/upload/sign/b/r/cv/1', { method: 'POST', headers: auth }));
    const { url } = (await signed.json()) as { url: string };
    const put = (path: string) =>
      standIn.handle(
        new Request(`http://x/storage/v1${path}`, { method: 'PUT', body: 'x', headers: { 'content-type': 'application/pdf' } }),
      );
    now += 2 * 3600 * 1000 + 1000;
    const expired = await put(url);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    now -= 3600 * 1000;
    expect((await put(url.replace('/cv/1', '/cv/2'))).status).toBe(400);
    expect((await put(`${url.slice(0, -4)}AAAA`)).status).toBe(400);
    expect((await put(url)).status).toBe(200);
    // Without the service key nothing else answers.
    expect((await standIn.handle(new Request('http://x/storage/v1/object/b/r/cv/1'))).status).toBe(400);
  });

  it('refuses uploads once the registration is closed (409)', async () => {
    const who = await applicant(db);
    const issued = await issue(who, { type: 'cv' });
    await db.sql`update lead_pipeline set stage = 'lost', lost_reason = 'Chose another school' where lead_kind = 'registration' and lead_id = ${who.registrationId}`;
    const answers = [await issue(who, { type: 'cv' }), await confirm(who, issued.body.uploadId)];
    expect(answers.map((a) => a.status)).toEqual([409, 409]);
    expect(answers[0]!.body.errors).toMatch(/closed/);
  });

  it('caps the bytes a registration may store, counting open uploads', async () => {
    const who = await applicant(db);
    const size = 10 * 1024 * 1024;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await issue(who, { type: 'passport', size, contentType: 'image/png' })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 413]);
  });

  it('limits uploads per account and per client address (429)', async () => {
    const who = await applicant(db);
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await issue(who, { type: 'cv', size: 10 }, who.registrationId, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
