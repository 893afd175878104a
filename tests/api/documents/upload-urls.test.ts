/**
 * A signed upload URL works for 2 hours (Storage's own limit), longer than its upload lives: once an
 * upload was refused, expired or replaced and its file deleted, the path is free and the URL can
 * write it again. The scheduled clean-up deletes such files while their URLs can still write.
 */
import { describe, expect, it } from 'vitest';
import { localStandIn, runDocumentCleanup } from '../../../netlify/lib/documents/index.ts';
import { useTestDatabase } from '../support/harness.ts';
import { applicant, confirm, INVITE, issue, pdf, putSigned, upload } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

describe('upload URLs outliving their upload', () => {
  it('deletes a file written again through the URL of a refused or replaced upload', async () => {
    const who = await applicant(db);
    const objects = localStandIn()!.size();
    const html = new TextEncoder().encode('<html>not a pdf</html>');
    const refused = await issue(who, { type: 'cv', size: html.length });
    await putSigned(refused.body.uploadUrl, html, 'application/pdf');
    expect((await confirm(who, refused.body.uploadId)).status).toBe(422);

    const first = await upload(who, 'passport', await pdf('first'), 'application/pdf', 'first.pdf');
    await upload(who, 'passport', await pdf('second'), 'application/pdf', 'second.pdf');
    expect(localStandIn()!.size()).toBe(objects + 1);

    // Both paths are free again, and their URLs still write.
    expect((await putSigned(refused.body.uploadUrl, html, 'application/pdf')).status).toBe(200);
    expect((await putSigned(first.issued.body.uploadUrl, await pdf('again'), 'application/pdf')).status).toBe(200);
    expect(localStandIn()!.size()).toBe(objects + 3);

    await runDocumentCleanup();
    expect(localStandIn()!.size()).toBe(objects + 1);
    expect(await db.sql`select * from document_deletions`).toHaveLength(0);
  });

  it('leaves alone the paths of uploads older than their URLs', async () => {
    const who = await applicant(db);
    const html = new TextEncoder().encode('<html>not a pdf</html>');
    const refused = await issue(who, { type: 'cv', size: html.length });
    await putSigned(refused.body.uploadUrl, html, 'application/pdf');
    await confirm(who, refused.body.uploadId);
    await db.sql`update applicant_documents set created_at = now() - interval '3 hours' where id = ${refused.body.uploadId}`;
    await runDocumentCleanup();
    expect(await db.sql`select * from document_deletions`).toHaveLength(0);
  });
});
