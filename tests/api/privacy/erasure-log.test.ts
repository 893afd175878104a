/**
 * The privacy log says what an erasure took in words a person reads: a parent's refusal of one
 * child's enquiry is one enquiry and its pipeline record, not "enquiry: 2".
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { adminAccount, INVITE } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

describe('the privacy log', () => {
  it("counts a parent's refused enquiry as one enquiry, its pipeline record apart", async () => {
    const email = newEmail('child');
    const parentEmail = newEmail('parent');
    const body = build.contact({
      Name: 'Asha',
      Number: '9810042424',
      email,
      comments: 'Which course?',
      under18: true,
      parentName: 'Meera Verma',
      parentEmail,
      parentPhone: '9810011111',
    });
    expect((await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() })).status).toBe(201);
    const [mail] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${parentEmail} and tag = 'parent-consent' order by id desc limit 1`;
    const token = decodeURIComponent(mail!.text_body.match(/\/parent-consent\?t=([\w%-]+)/)![1]!);
    const refused = await call('POST', '/api/v1/parent-consent/decide', { body: { token, decision: 'refused' }, ip: nextIp() });
    expect(refused.status, refused.text).toBe(200);

    const owner = await adminAccount(db, 'log-owner@aspira.example');
    const log = await call('GET', '/api/v1/admin/privacy/requests', { token: owner.token });
    expect(log.status, log.text).toBe(200);
    const [entry] = log.body.requests;
    expect(entry).toMatchObject({ action: 'erasure', requestedBy: 'parent' });
    expect(entry.summary).toEqual({ enquiries: 1, enquiryPipelineRecords: 1, consents: 1, parentalConsents: 1 });
  });
});
