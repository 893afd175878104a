/**
 * File names: a name with control characters is refused when the upload is issued, and a name that
 * reached the database anyway (a row written before the rule) still gives the reviewer a working
 * link whose saved-file header is encoded (RFC 6266 / RFC 5987), never a 500.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { applicant, INVITE, issue, pdf, slot, storedBytes, teamMember, upload } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

describe('file names', () => {
  it('refuses a name with control characters (CR, LF, NUL, TAB, DEL, C1) with a clear message, and issues nothing', async () => {
    const who = await applicant(db);
    const names = ['cv\r\nx.pdf', 'cv\u0000.pdf', 'cv\tx.pdf', 'cv\u007f.pdf', 'cv\u0085x.pdf', 'cv\u009b.pdf'];
    const answers = [];
    for (const fileName of names) answers.push(await issue(who, { type: 'cv', fileName }));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 400));
    expect(answers[0]!.body.errors).toEqual([
      'fileName: The file name has control characters (such as a line break). Rename the file and choose it again',
    ]);
    expect(await db.sql`select id from applicant_documents where registration_id = ${who.registrationId}`).toEqual([]);
    // Letters of any script, spaces, quotes and punctuation are names like any other.
    const fine = await issue(who, { type: 'cv', fileName: 'अंकपत्र "final" (1); v2.pdf' });
    expect(fine.status, fine.text).toBe(201);
  });

  it('gives the reviewer a working link for a stored name with odd characters, its header encoded', async () => {
    const who = await applicant(db);
    const owner = await teamMember(db, 'owner');
    const { confirmed } = await upload(who, 'cv', await pdf(), 'application/pdf', 'cv.pdf');
    const id = slot(confirmed, 'cv').document.id as string;
    // A row from before names were checked (PostgreSQL itself refuses NUL).
    await db.sql`update applicant_documents set file_name = ${'cv\r\nSet-Cookie: a=b; "x".pdf'} where id = ${id}`;

    const opened = await call('POST', `/api/v1/admin/documents/${id}/open`, { token: owner.token });
    expect(opened.status, opened.text).toBe(200);
    const file = await storedBytes(opened.body.url);
    expect(file.status).toBe(200);
    const disposition = file.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(disposition).not.toMatch(/[\r\n]|Set-Cookie: /);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe('cv  Set-Cookie: a=b; "x".pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const unicode = await upload(who, 'passport', await pdf(), 'application/pdf', 'पासपोर्ट.pdf');
    const link = await call('POST', `/api/v1/admin/documents/${slot(unicode.confirmed, 'passport').document.id}/open`, {
      token: owner.token,
    });
    const header = (await storedBytes(link.body.url)).headers.get('content-disposition')!;
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('पासपोर्ट.pdf')}`);
  });
});
