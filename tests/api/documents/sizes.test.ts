/**
 * The registration's storage cap counts real bytes: a file bigger than the size declared when its
 * upload was issued is refused on confirm and deleted, so declaring 1 KB and sending 9 MB neither
 * stores nor counts anything, however many times it is tried.
 */
import { describe, expect, it } from 'vitest';
import { localStandIn } from '../../../netlify/lib/documents/index.ts';
import { useTestDatabase } from '../support/harness.ts';
import { applicant, confirm, INVITE, issue, pdf, putSigned } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const MB = 1024 * 1024;

/** A real PDF grown to `size` bytes by a comment after its end (readers ignore it). */
async function paddedPdf(size: number): Promise<Uint8Array> {
  const head = await pdf();
  const tail = new TextEncoder().encode('\n%%EOF\n');
  const out = new Uint8Array(size).fill(0x61);
  out.set(head);
  out.set(new TextEncoder().encode('\n%'), head.length);
  out.set(tail, size - tail.length);
  return out;
}

/** Bytes counted against the registration's cap (what issueUpload sums). */
const counted = async (registrationId: string) =>
  Number(
    (
      await db.sql<{ used: string }[]>`
        select coalesce(sum(size_bytes), 0)::text as used from applicant_documents where registration_id = ${registrationId}
          and (status in ('uploaded', 'approved', 'rejected') or (status = 'issued' and expires_at > now()))`
    )[0]!.used,
  );

describe('real sizes', () => {
  it('refuses a file larger than declared (1 KB declared, 9 MB sent): nothing stored, nothing counted', async () => {
    const who = await applicant(db);
    const objects = localStandIn()!.size();
    const issued = await issue(who, { type: 'passport', size: 1024 });
    expect(issued.status, issued.text).toBe(201);
    expect((await putSigned(issued.body.uploadUrl, await paddedPdf(9 * MB), 'application/pdf')).status).toBe(200);
    const res = await confirm(who, issued.body.uploadId);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toBe('The file that arrived is larger than the one you chose. Choose the file again');
    const rows = await db.sql<{ status: string }[]>`select status from applicant_documents where registration_id = ${who.registrationId}`;
    expect(rows.map((r) => r.status)).toEqual(['refused']);
    expect(localStandIn()!.size()).toBe(objects);
    expect(await counted(who.registrationId)).toBe(0);
  });

  it('eight of them cannot take the registration over its cap: each is refused and deleted', async () => {
    const who = await applicant(db);
    const objects = localStandIn()!.size();
    const big = await paddedPdf(9 * MB);
    const uploads = [];
    for (let i = 0; i < 8; i++) {
      const issued = await issue(who, { type: i % 2 ? 'passport' : 'marksheet-12', size: 1024 });
      expect(issued.status, issued.text).toBe(201);
      expect((await putSigned(issued.body.uploadUrl, big, 'application/pdf')).status).toBe(200);
      uploads.push(issued.body.uploadId as string);
    }
    const statuses = [];
    for (const id of uploads) statuses.push((await confirm(who, id)).status);
    expect(statuses).toEqual(uploads.map(() => 422));
    expect(localStandIn()!.size()).toBe(objects);
    expect(await counted(who.registrationId)).toBe(0);
    // The cap is whole: six files of 10 MB declared may still be issued.
    const sizes = [];
    for (let i = 0; i < 7; i++) sizes.push((await issue(who, { type: 'passport', size: 10 * MB, contentType: 'image/png' })).status);
    expect(sizes).toEqual([201, 201, 201, 201, 201, 201, 413]);
  });

  it('keeps a file of exactly the declared size, counted at its real size', async () => {
    const who = await applicant(db);
    const file = await paddedPdf(2 * MB);
    const issued = await issue(who, { type: 'passport', size: file.length });
    await putSigned(issued.body.uploadUrl, file, 'application/pdf');
    const res = await confirm(who, issued.body.uploadId);
    expect(res.status, res.text).toBe(200);
    expect(await counted(who.registrationId)).toBe(file.length);
  });
});
