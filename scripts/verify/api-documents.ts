/**
 * Applicants' documents on the served site: the two-step upload through Netlify's CLI against a
 * Storage stand-in that speaks Supabase's signed-upload API (its own port, as Supabase would be):
 * the function issues a signed URL, the file is PUT straight to Storage, the function confirms it
 * by its bytes (the confirm is its own function, documents-check). Bad requests: a type not on the
 * checklist, a file name with a line break, a forged upload token and a second write through a used
 * upload URL (both refused by Storage), a file that is not what it claims, another person's registration.
 */
import type { ApiClient } from './api-client.ts';

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

export async function checkDocuments(api: ApiClient, stamp = Date.now()): Promise<void> {
  const { call, good, bad, latestOtp, latestLinkToken, report } = api;
  const email = `documents.${stamp}@example.com`;
  await call('POST', '/api/v1/otp/send', { body: { email } });
  const verified = await call('POST', '/api/v1/otp/verify', { body: { email, otp: await latestOtp(email) } });
  const form = {
    name: 'Asha Verma', email, phone: '+91 98765 43210', fatherName: 'Ravi Verma', qualification: '12th', highschool: '86.5',
    university: '', sop: '', experience: '', motivation: 'To study in France.', dateOfBirth: '2001-04-12',
    verificationToken: verified.body?.verificationToken,
  }; // prettier-ignore
  const registrationId = (await call('POST', '/api/v1/user/register-unpaid', { body: form })).body?.registration?._id ?? 'none';
  const password = 'violet-harbour-lantern-42';
  await call('POST', '/api/v1/user/signup', { body: { firstName: 'Asha', lastName: 'Verma', email, password } });
  await call('POST', '/api/v1/user/verify-email', { body: { token: await latestLinkToken(email, 'verify-email') } });
  const token = (await call('POST', '/api/v1/user/login', { body: { email, password } })).body?.token as string;

  const base = `/api/v1/user/applications/${registrationId}/documents`;
  await good('GET /user/applications/:id/documents', 200, 'slots', await call('GET', base, { token }));
  await bad('GET /user/applications/:id/documents (no session)', 401, await call('GET', base));
  await bad(
    'POST /user/applications/:id/documents/uploads (not on the list)',
    400,
    await call('POST', `${base}/uploads`, {
      token,
      body: { type: 'horoscope', fileName: 'a.pdf', contentType: 'application/pdf', size: 10 },
    }),
  );
  await bad(
    "GET /user/applications/:id/documents (another person's)",
    404,
    await call('GET', '/api/v1/user/applications/aaaaaaaaaaaaaaaaaaaaaaaa/documents', { token }),
  );

  await bad(
    'POST /user/applications/:id/documents/uploads (a line break in the file name)',
    400,
    await call('POST', `${base}/uploads`, {
      token,
      body: { type: 'cv', fileName: 'cv\r\nx.pdf', contentType: 'application/pdf', size: 10 },
    }),
  );

  const bytes = new TextEncoder().encode(PDF);
  const issue = () =>
    call('POST', `${base}/uploads`, {
      token,
      body: { type: 'marksheet-12', fileName: 'marks.pdf', contentType: 'application/pdf', size: bytes.length },
    });
  const issued = await good('POST /user/applications/:id/documents/uploads', 201, 'uploadUrl', await issue());
  const uploadUrl = String(issued.body?.uploadUrl ?? '');
  const put = (url: string, body: Uint8Array) =>
    fetch(url, { method: 'PUT', body: body as BodyInit, headers: { 'content-type': 'application/pdf', 'x-upsert': 'false' } });
  const forged = await put(uploadUrl.replace(/token=[^&]+/, 'token=forged.token'), bytes);
  report.add('bad  PUT Storage signed upload URL (forged token)', '400 {statusCode, error}', `${forged.status}`, forged.status === 400);
  const stored = await put(uploadUrl, bytes);
  const storedBody = (await stored.json().catch(() => ({}))) as { Key?: string };
  report.add(
    'good PUT Storage signed upload URL',
    '200 {Key}',
    `${stored.status} ${storedBody.Key ? '{Key}' : ''}`,
    stored.status === 200 && !!storedBody.Key,
  );
  await good(
    'POST /user/applications/:id/documents/uploads/:uploadId/confirm',
    200,
    'slots',
    await call('POST', `${base}/uploads/${issued.body?.uploadId}/confirm`, { token }),
  );

  // The checked file cannot be replaced through its upload URL: Storage binds upsert when it signs.
  const replaced = await fetch(uploadUrl, {
    method: 'PUT',
    body: new TextEncoder().encode('<html>after the check</html>'),
    headers: { 'content-type': 'application/pdf', 'x-upsert': 'true' },
  });
  const replacedBody = (await replaced.json().catch(() => ({}))) as { statusCode?: string };
  report.add(
    'bad  PUT Storage signed upload URL again after confirm (x-upsert: true)',
    '400 {statusCode: 409}',
    `${replaced.status} {statusCode: ${replacedBody.statusCode}}`,
    replaced.status === 400 && replacedBody.statusCode === '409',
  );

  // A file that is not what it claims: refused by its bytes on confirm, and deleted.
  const second = await issue();
  await put(String(second.body?.uploadUrl ?? ''), new TextEncoder().encode('<html>not a pdf</html>'));
  await bad(
    'POST /user/applications/:id/documents/uploads/:uploadId/confirm (not a PDF)',
    422,
    await call('POST', `${base}/uploads/${second.body?.uploadId}/confirm`, { token }),
  );
}
