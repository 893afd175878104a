/** The Cloud API adapter: the requests Meta documents, and Graph errors in the port's terms. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloudApiProvider, refusalFrom } from './cloud-api.ts';
import { WhatsAppRefusal } from './types.ts';

const config = {
  phoneNumberId: '106540352242922',
  accessToken: 'EAAG-token',
  appSecret: 'secret',
  verifyToken: 'verify',
  businessAccountId: '102290129340398',
  graphHost: 'https://graph.example',
  graphVersion: 'v21.0',
};
const signal = AbortSignal.timeout(5_000);

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the Cloud API adapter', () => {
  it('sends a template to /{phone-number-id}/messages with the bearer token, language and body parameters', async () => {
    const fetch = vi.fn(async () =>
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: '919810042424', wa_id: '919810042424' }],
        messages: [{ id: 'wamid.HBgM' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const id = await cloudApiProvider(config).sendTemplate(
      { to: '+919810042424', template: 'lead_received', language: 'hi', variables: ['Asha', 'Ravi', 'https://x/choices'] },
      { signal },
    );
    expect(id).toBe('wamid.HBgM');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://graph.example/v21.0/106540352242922/messages');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer EAAG-token');
    expect(JSON.parse(init.body as string)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919810042424',
      type: 'template',
      template: {
        name: 'lead_received',
        language: { code: 'hi' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha' },
              { type: 'text', text: 'Ravi' },
              { type: 'text', text: 'https://x/choices' },
            ],
          },
        ],
      },
    });
  });

  it('sends the code template with its copy-code button carrying the code', async () => {
    const fetch = vi.fn(async () => answer(200, { messages: [{ id: 'wamid.C' }] }));
    vi.stubGlobal('fetch', fetch);
    await cloudApiProvider(config).sendTemplate(
      { to: '+919810042424', template: 'whatsapp_code', language: 'en', variables: ['123456'], copyCode: '123456' },
      { signal },
    );
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
    ]);
  });

  it('sends free text as a text message', async () => {
    const fetch = vi.fn(async () => answer(200, { messages: [{ id: 'wamid.T' }] }));
    vi.stubGlobal('fetch', fetch);
    await cloudApiProvider(config).sendText({ to: '+919810042424', text: 'Hello' }, { signal });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ type: 'text', text: { body: 'Hello', preview_url: false } });
  });

  it('reads every page of the approved templates', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        answer(200, {
          data: [{ name: 'lead_received', language: 'en', status: 'APPROVED', category: 'UTILITY' }],
          paging: { next: 'https://graph.example/v21.0/102290129340398/message_templates?after=abc' },
        }),
      )
      .mockResolvedValueOnce(answer(200, { data: [{ name: 'lead_received', language: 'hi', status: 'PAUSED', category: 'UTILITY' }] }));
    vi.stubGlobal('fetch', fetch);
    const templates = await cloudApiProvider(config).listTemplates({ signal });
    expect(templates.map((t) => `${t.language}:${t.status}`)).toEqual(['en:APPROVED', 'hi:PAUSED']);
    expect(fetch.mock.calls[1]![0]).toBe('https://graph.example/v21.0/102290129340398/message_templates?after=abc');
  });

  it('turns Graph errors into refusals: template unavailable, window closed, recipient, temporary, our request', async () => {
    const kind = (status: number, code: number) => refusalFrom(status, { error: { message: 'x', code } }).kind;
    expect(kind(400, 132015)).toBe('template-unavailable');
    expect(kind(404, 132001)).toBe('template-unavailable');
    expect(kind(400, 131047)).toBe('window-closed');
    expect(kind(400, 131026)).toBe('recipient');
    expect(kind(429, 130429)).toBe('temporary');
    expect(kind(500, 999)).toBe('temporary');
    expect(kind(401, 190)).toBe('request');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { error: { message: 'Template is Paused', code: 132015 } })),
    );
    const refused = await cloudApiProvider(config)
      .sendTemplate({ to: '+919810042424', template: 'x', language: 'en', variables: [] }, { signal })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WhatsAppRefusal);
    expect((refused as WhatsAppRefusal).permanent).toBe(true);
    expect((refused as WhatsAppRefusal).message).toMatch(/132015/);
  });

  it('an unreachable API is a temporary refusal (retried)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const refused = await cloudApiProvider(config)
      .sendText({ to: '+919810042424', text: 'x' }, { signal })
      .catch((e: unknown) => e);
    expect((refused as WhatsAppRefusal).kind).toBe('temporary');
  });
});
