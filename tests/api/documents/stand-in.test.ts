/**
 * The local Storage stand-in answers as Supabase Storage does, and the Supabase adapter asks what
 * Storage needs: a signed upload URL writes one new object (upsert is bound when the URL is signed,
 * never by the uploader's header), the bucket's size limit and types hold without reading a body
 * past the limit, and a file is only ever served as a download (attachment, nosniff), never inline.
 */
import { describe, expect, it } from 'vitest';
import { localStandIn, storageStandIn, supabaseStorage } from '../../../netlify/lib/documents/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { applicant, INVITE, issue, confirm, pdf, putSigned, slot, storedBytes, teamMember } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });
const MB = 1024 * 1024;
const auth = { authorization: 'Bearer k' };

function standIn(options: { maxBytes?: number } = {}) {
  const storage = storageStandIn({ serviceKey: 'k', secret: 's', bucket: 'b', ...options });
  const signUpload = async (path: string, headers: Record<string, string> = {}) => {
    const res = await storage.handle(
      new Request(`http://x/storage/v1/object/upload/sign/b/${path}`, { method: 'POST', headers: { ...auth, ...headers } }),
    );
    return `http://x/storage/v1${((await res.json()) as { url: string }).url}`;
  };
  const read = async (path: string) => {
    const res = await storage.handle(
      new Request(`http://x/storage/v1/object/sign/b/${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"expiresIn":60}',
      }),
    );
    return storage.handle(new Request(`http://x/storage/v1${((await res.json()) as { signedURL: string }).signedURL}`));
  };
  return { storage, signUpload, read };
}

const put = (url: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/pdf' }) =>
  new Request(url, { method: 'PUT', body, headers, duplex: 'half' } as RequestInit);

describe('the Storage stand-in', () => {
  it('never lets a checked file be replaced through its upload URL, whatever x-upsert says (Storage binds upsert when it signs)', async () => {
    const who = await applicant(db);
    const owner = await teamMember(db, 'owner');
    const good = await pdf('checked');
    const issued = await issue(who, { type: 'cv', size: good.length });
    expect((await putSigned(issued.body.uploadUrl, good, 'application/pdf')).status).toBe(200);
    const confirmed = await confirm(who, issued.body.uploadId);
    expect(confirmed.status, confirmed.text).toBe(200);

    const replaced = await localStandIn()!.handle(
      new Request(new URL(issued.body.uploadUrl, 'http://localhost:8888'), {
        method: 'PUT',
        body: new TextEncoder().encode('<html><script>alert(1)</script>'),
        headers: { 'content-type': 'application/pdf', 'x-upsert': 'true' },
      }),
    );
    expect(replaced.status).toBe(400);
    expect(await replaced.json()).toEqual({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
    const opened = await call('POST', `/api/v1/admin/documents/${slot(confirmed, 'cv').document.id}/open`, { token: owner.token });
    expect(new Uint8Array(await (await storedBytes(opened.body.url)).arrayBuffer())).toEqual(good);
  });

  it('replaces an object only through a URL signed with x-upsert: true', async () => {
    const { storage, signUpload, read } = standIn();
    const once = await signUpload('r/cv/1');
    expect((await storage.handle(put(once, 'one'))).status).toBe(200);
    expect((await storage.handle(put(once, 'two', { 'content-type': 'application/pdf', 'x-upsert': 'true' }))).status).toBe(400);
    // Storage will not even sign an upload over an existing object without upsert.
    const again = await storage.handle(new Request('http://x/storage/v1/object/upload/sign/b/r/cv/1', { method: 'POST', headers: auth }));
    expect(await again.json()).toMatchObject({ statusCode: '409', error: 'Duplicate' });
    expect((await storage.handle(put(await signUpload('r/cv/1', { 'x-upsert': 'true' }), 'three'))).status).toBe(200);
    expect(await (await read('r/cv/1')).text()).toBe('three');
  });

  it('refuses a body over the bucket limit (413) without reading it all, even without Content-Length', async () => {
    const { storage, signUpload } = standIn({ maxBytes: 1 * MB });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * MB) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await storage.handle(put(await signUpload('r/cv/big'), endless));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(pulled).toBeLessThan(2 * MB);
    expect(storage.size()).toBe(0);
  });

  it('takes only the bucket’s types (PDF, JPEG, PNG): an upload declared as HTML is refused (415)', async () => {
    const { storage, signUpload } = standIn();
    const res = await storage.handle(put(await signUpload('r/cv/2'), (await pdf()) as BodyInit, { 'content-type': 'text/html' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '415', error: 'invalid_mime_type', message: 'mime type text/html is not supported' });
    expect(storage.size()).toBe(0);
  });

  it('serves every file as a download: attachment, nosniff, its own type, on a link without a name too', async () => {
    const { storage, signUpload, read } = standIn();
    await storage.handle(put(await signUpload('r/cv/3'), (await pdf()) as BodyInit));
    const res = await read('r/cv/3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="3"; filename*=UTF-8''3`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const direct = await storage.handle(new Request('http://x/storage/v1/object/b/r/cv/3', { headers: auth }));
    expect(direct.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(direct.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the Supabase adapter', () => {
  it('signs uploads without upsert, writes checked files with the service key, and sends a clean download name', async () => {
    const sent: Request[] = [];
    const storage = supabaseStorage({
      url: 'https://ref.supabase.example',
      serviceKey: 'service',
      bucket: 'docs',
      fetch: async (request) => {
        sent.push(request);
        if (request.url.includes('/upload/sign/')) return Response.json({ url: '/object/upload/sign/docs/r/cv/1?token=t' });
        if (request.url.includes('/object/sign/')) return Response.json({ signedURL: '/object/sign/docs/r/cv/1?token=t' });
        return Response.json({ Key: 'docs/r/cv/1' });
      },
    });
    await storage.signUpload('r/cv/1');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('https://ref.supabase.example/storage/v1/object/upload/sign/docs/r/cv/1');
    expect(sent[0]!.headers.get('x-upsert')).toBeNull();
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer service');

    await storage.upload('r/cv/1', new Uint8Array([1]), 'application/pdf');
    expect(sent[1]!.headers.get('x-upsert')).toBe('true');
    expect(sent[1]!.headers.get('content-type')).toBe('application/pdf');

    const url = await storage.signRead('r/cv/1', 300, 'cv\r\nSet-Cookie: x.pdf');
    expect(new URL(url).searchParams.get('download')).toBe('cv  Set-Cookie: x.pdf');
  });
});
