/**
 * The team's review: open (a short-lived link, audited), approve or reject with a reason (audited,
 * emailed), counsellors only on their own leads; the last required approval moves the registration
 * to Applied with a history row. Privacy: the export links each file, erasure removes the files.
 * The scheduled clean-up expires orphaned uploads and applies retention.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { drainDeletions, localStandIn, runDocumentCleanup } from '../../../netlify/lib/documents/index.ts';
import { runRetention } from '../../../netlify/lib/privacy/index.ts';
import { optInWhatsApp } from '../../../netlify/lib/messaging/index.ts';
import { db as serviceDb } from '../../../netlify/lib/platform/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { applicant, assignLead, INVITE, issue, jpegWithGps, pdf, putSigned, slot, storedBytes, teamMember, upload } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

const reviewList = (token: string, registrationId: string) =>
  call('GET', `/api/v1/admin/registrations/${registrationId}/documents`, { token });
const open = (token: string, documentId: string) => call('POST', `/api/v1/admin/documents/${documentId}/open`, { token });
const review = (token: string, documentId: string, body: unknown) =>
  call('POST', `/api/v1/admin/documents/${documentId}/review`, { token, body });
const stageOf = async (id: string) =>
  (await db.sql<{ stage: string }[]>`select stage from lead_pipeline where lead_kind = 'registration' and lead_id = ${id}`)[0]!.stage;

describe('review by the team', () => {
  it('tells an applicant who chose WhatsApp there, with the reason, and emails nobody twice', async () => {
    const who = await applicant(db);
    await serviceDb().begin((tx) =>
      optInWhatsApp(tx, { email: who.email, phone: '+919876500123', subjectTable: 'registrations', subjectId: who.registrationId }),
    );
    // The number proven, as the code typed back on the emailed link would.
    await db.sql`update whatsapp_contacts set verified_at = now() where email = ${who.email} and phone = '+919876500123'`;
    const owner = await teamMember(db, 'owner');
    const { confirmed } = await upload(who, 'marksheet-12', await pdf(), 'application/pdf', 'marks.pdf');
    const marksheet = slot(confirmed, 'marksheet-12').document.id as string;
    const rejected = await review(owner.token, marksheet, { decision: 'reject', reason: 'The page is\ncut off' });
    expect(rejected.status, rejected.text).toBe(200);
    const rows = await db.sql<{ channel: string; tag: string; wa_template: string | null; wa_variables: string[] | null }[]>`
      select channel, tag, wa_template, wa_variables from email_outbox
      where (to_address = ${who.email} or recipient_email = ${who.email}) and tag = 'document-review' order by id`;
    // The email always, and the WhatsApp copy (whose fallback is that email: nobody is emailed twice).
    expect(rows.map((r) => r.channel)).toEqual(['email', 'whatsapp']);
    expect(rows[1]).toMatchObject({ channel: 'whatsapp', wa_template: 'document_reviewed' });
    expect(rows[1]!.wa_variables!.slice(1, 3)).toEqual(['12th marksheet', 'please upload it again (The page is cut off)']);
  });

  it('a counsellor rejects with a reason, the applicant sees it and uploads again, approval of every required document moves the lead to Applied', async () => {
    const who = await applicant(db);
    const counsellor = await teamMember(db, 'counsellor');
    await assignLead(db, who.registrationId, counsellor);
    await upload(who, 'passport', await jpegWithGps(), 'image/jpeg', 'passport.jpg');
    const { confirmed } = await upload(who, 'marksheet-12', await pdf(), 'application/pdf', 'marks.pdf');
    expect(confirmed.status, confirmed.text).toBe(200);
    const marksheet = slot(confirmed, 'marksheet-12').document.id as string;
    const passport = slot(confirmed, 'passport').document.id as string;

    const list = await reviewList(counsellor.token, who.registrationId);
    expect(list.status, list.text).toBe(200);
    expect(list.body.slots.map((s: { state: string }) => s.state)).toEqual(['uploaded', 'uploaded', 'missing']);

    // Opening gives a link that works for minutes, never a public URL; the view is audited.
    const opened = await open(counsellor.token, passport);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.expiresIn).toBe(300);
    expect(opened.body.url).toMatch(/^\/storage\/v1\/object\/sign\/applicant-documents\/.+\?token=.+&download=passport\.jpg$/);
    const file = await storedBytes(opened.body.url);
    expect(file.status).toBe(200);
    expect((await sharp(new Uint8Array(await file.arrayBuffer())).metadata()).exif).toBeUndefined();

    const noReason = await review(counsellor.token, marksheet, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual(['reason: Say why the document is rejected, so the applicant can fix it']);
    const rejected = await review(counsellor.token, marksheet, { decision: 'reject', reason: 'The page is cut off at the bottom' });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await review(counsellor.token, marksheet, { decision: 'approve' })).status).toBe(409);

    const seen = await call('GET', `/api/v1/user/applications/${who.registrationId}/documents`, { token: who.token });
    expect(slot(seen, 'marksheet-12')).toMatchObject({
      state: 'rejected',
      document: { rejectReason: 'The page is cut off at the bottom' },
    });
    const [told] = await db.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from email_outbox where to_address = ${who.email} and tag = 'document-review' order by id`;
    expect(told).toMatchObject({ subject: 'Please upload your 12th marksheet again' });
    expect(told!.text_body).toContain('Reason: The page is cut off at the bottom');

    const again = await upload(who, 'marksheet-12', await pdf('better'), 'application/pdf', 'marks-2.pdf');
    expect(again.confirmed.status, again.confirmed.text).toBe(200);
    const newMarksheet = slot(again.confirmed, 'marksheet-12').document.id as string;
    expect((await review(counsellor.token, passport, { decision: 'approve' })).status).toBe(200);
    expect(await stageOf(who.registrationId)).toBe('new');
    const last = await review(counsellor.token, newMarksheet, { decision: 'approve' });
    expect(last.status, last.text).toBe(200);
    expect(await stageOf(who.registrationId)).toBe('applied');
    const history = await db.sql`select from_stage, to_stage, note, actor_id from lead_stage_changes
                                  where lead_kind = 'registration' and lead_id = ${who.registrationId}`;
    expect(history).toEqual([
      { from_stage: 'new', to_stage: 'applied', note: 'Every required document approved', actor_id: counsellor.id },
    ]);
    const audit = await db.sql<{ action: string }[]>`
      select action from admin_audit_log where subject_kind = 'registration' and subject_id = ${who.registrationId} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['document.view', 'document.reject', 'document.approve', 'document.approve', 'lead.stage']);
    const emails = await db.sql<{ subject: string }[]>`
      select subject from email_outbox where to_address = ${who.email} and tag = 'document-review' order by id`;
    expect(emails.map((e) => e.subject)).toEqual([
      'Please upload your 12th marksheet again',
      'Your Passport or Aadhaar is approved',
      'Your 12th marksheet is approved',
    ]);
    // Approved documents are final for the applicant.
    expect((await issue(who, { type: 'passport', contentType: 'image/jpeg' })).status).toBe(409);
  });

  it('keeps counsellors to their own leads (403) while owners see every registration', async () => {
    const who = await applicant(db);
    const mine = await teamMember(db, 'counsellor');
    const theirs = await teamMember(db, 'counsellor');
    const owner = await teamMember(db, 'owner');
    await assignLead(db, who.registrationId, mine);
    const { confirmed } = await upload(who, 'cv', await pdf(), 'application/pdf');
    const cv = slot(confirmed, 'cv').document.id as string;
    const auditBefore = await db.sql`select id from admin_audit_log`;
    const refused = await Promise.all([
      reviewList(theirs.token, who.registrationId),
      open(theirs.token, cv),
      review(theirs.token, cv, { decision: 'approve' }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(refused[1]!.body.errors).toBe('You can see the documents of your own leads only');
    expect(await db.sql`select id from admin_audit_log`).toHaveLength(auditBefore.length);
    expect((await open(owner.token, cv)).status).toBe(200);
    expect((await reviewList(owner.token, who.registrationId)).status).toBe(200);
    // Learners and strangers get nothing.
    expect((await reviewList(who.token, who.registrationId)).status).toBe(403);
    expect((await open('', cv)).status).toBe(401);
    expect((await open(owner.token, '999999')).status).toBe(404);
  });
});

describe('privacy and clean-up', () => {
  it('the export links each file for 24 hours; erasure deletes the rows and the stored objects', async () => {
    const who = await applicant(db);
    const owner = await teamMember(db, 'owner');
    await upload(who, 'cv', await pdf(), 'application/pdf', 'my-cv.pdf');
    await upload(who, 'passport', await jpegWithGps(), 'image/jpeg', 'passport.jpg');
    const paths = (
      await db.sql<{ object_path: string }[]>`
      select object_path from applicant_documents where registration_id = ${who.registrationId}`
    ).map((r) => r.object_path);
    const objects = localStandIn()!.size();

    const exported = await call('POST', '/api/v1/admin/privacy/export', { token: owner.token, body: { email: who.email } });
    expect(exported.status, exported.text).toBe(200);
    const documents = JSON.parse(exported.text).data?.documents ?? JSON.parse(exported.text).documents;
    expect(documents).toHaveLength(2);
    expect(documents[0]).toMatchObject({ file_name: 'my-cv.pdf', status: 'uploaded', downloadUrlExpiresInHours: 24 });
    expect((await storedBytes(documents[0].downloadUrl)).status).toBe(200);

    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email: who.email, confirm: 'ERASE' } });
    expect(erased.status, erased.text).toBe(200);
    expect(await db.sql`select id from applicant_documents where object_path in ${db.sql(paths)}`).toHaveLength(0);
    expect(await db.sql`select * from document_deletions`).toHaveLength(0);
    expect(localStandIn()!.size()).toBe(objects - 2);
    expect((await storedBytes(documents[0].downloadUrl)).status).toBe(404);
  });

  it('the scheduled job expires uploads never confirmed and deletes their files', async () => {
    const who = await applicant(db);
    const file = await pdf();
    const issued = await issue(who, { type: 'cv', size: file.length });
    await putSigned(issued.body.uploadUrl, file, 'application/pdf');
    const objects = localStandIn()!.size();
    expect((await runDocumentCleanup()).expired).toBe(0); // still within its window
    await db.sql`update applicant_documents set expires_at = now() - interval '11 minutes' where id = ${issued.body.uploadId}`;
    const summary = await runDocumentCleanup();
    // Deleted counts the paths swept again too (other tests' ended uploads whose URLs still write).
    expect(summary).toMatchObject({ expired: 1, failed: 0 });
    expect(summary.deleted).toBeGreaterThanOrEqual(1);
    expect(localStandIn()!.size()).toBe(objects - 1);
  });

  it('retention deletes the documents of registrations that ended more than two years ago, and no others', async () => {
    const ended = await applicant(db, 'ended');
    const recent = await applicant(db, 'recent');
    const open = await applicant(db, 'open');
    for (const who of [ended, recent, open]) await upload(who, 'cv', await pdf(), 'application/pdf');
    const close = async (id: string, at: string) => {
      await db.sql`update lead_pipeline set stage = 'enrolled' where lead_kind = 'registration' and lead_id = ${id}`;
      await db.sql`insert into lead_stage_changes (lead_kind, lead_id, from_stage, to_stage, at) values ('registration', ${id}, 'new', 'enrolled', ${at})`;
    };
    await close(ended.registrationId, '2024-01-10T00:00:00Z');
    await close(recent.registrationId, '2026-06-01T00:00:00Z');
    const objects = localStandIn()!.size();
    const now = new Date('2026-11-25T00:00:00Z');
    const preview = await runRetention({ now, dryRun: true });
    const listed = preview.items.filter((i) => i.kind === 'documents');
    expect(listed).toHaveLength(1);
    const run = await runRetention({ now });
    expect(run.items.filter((i) => i.kind === 'documents')).toEqual(listed);
    await drainDeletions(); // the clean-up job's queue: the file goes after the row
    const left = await db.sql<{ registration_id: string }[]>`
      select registration_id from applicant_documents where registration_id in ${db.sql([ended.registrationId, recent.registrationId, open.registrationId])}`;
    expect(left.map((r) => r.registration_id).sort()).toEqual([recent.registrationId, open.registrationId].sort());
    expect(localStandIn()!.size()).toBe(objects - 1);
  });
});
