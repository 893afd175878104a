/**
 * Meta's WhatsApp Cloud API with plain fetch (Meta paused its Node SDK; two endpoints do not
 * need one). Error codes: developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes.
 */
import { WhatsAppRefusal, type ProviderTemplate, type RefusalKind, type WhatsAppProvider } from './types.ts';

export type CloudApiConfig = {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  businessAccountId: string | undefined;
  graphHost: string;
  graphVersion: string;
};

const TEMPLATE_UNAVAILABLE = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016]);
const WINDOW_CLOSED = 131047;
const RECIPIENT = new Set([131026, 131050, 131049, 131021, 133010]);
const TEMPORARY = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

type GraphError = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

/** A Graph API error answer in the port's terms. */
export function refusalFrom(status: number, body: GraphError): WhatsAppRefusal {
  const code = body.error?.code ?? null;
  const message = `WhatsApp error ${code ?? status}: ${body.error?.error_data?.details ?? body.error?.message ?? 'unknown'}`.slice(0, 500);
  let kind: RefusalKind = 'request';
  if (code !== null && TEMPLATE_UNAVAILABLE.has(code)) kind = 'template-unavailable';
  else if (code === WINDOW_CLOSED) kind = 'window-closed';
  else if (code !== null && RECIPIENT.has(code)) kind = 'recipient';
  else if ((code !== null && TEMPORARY.has(code)) || status >= 500 || status === 429) kind = 'temporary';
  return new WhatsAppRefusal(kind, message, code);
}

export function cloudApiProvider(config: CloudApiConfig): WhatsAppProvider {
  const base = `${config.graphHost.replace(/\/$/, '')}/${config.graphVersion}`;
  const headers = { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' };

  async function call<T>(path: string, init: RequestInit & { signal: AbortSignal }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, headers });
    } catch (error) {
      throw new WhatsAppRefusal('temporary', `WhatsApp unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & GraphError;
    if (!response.ok || body.error) throw refusalFrom(response.status, body);
    return body;
  }

  async function send(payload: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    const answer = await call<{ messages?: { id?: string }[] }>(`/${config.phoneNumberId}/messages`, {
      method: 'POST',
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...payload }),
      signal,
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new WhatsAppRefusal('temporary', 'WhatsApp answered without a message id');
    return id;
  }

  return {
    name: 'cloud-api',
    appSecret: config.appSecret,
    verifyToken: config.verifyToken,
    sendTemplate: ({ to, template, language, variables, copyCode }, { signal }) =>
      send(
        {
          to: to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: template,
            language: { code: language },
            components: [
              { type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) },
              ...(copyCode ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: copyCode }] }] : []),
            ],
          },
        },
        signal,
      ),
    sendText: ({ to, text }, { signal }) =>
      send({ to: to.replace(/^\+/, ''), type: 'text', text: { preview_url: false, body: text } }, signal),
    async listTemplates({ signal }) {
      if (!config.businessAccountId) throw new WhatsAppRefusal('request', 'WHATSAPP_BUSINESS_ACCOUNT_ID is not set');
      const found: ProviderTemplate[] = [];
      let path: string | null = `/${config.businessAccountId}/message_templates?fields=name,status,language,category&limit=100`;
      while (path) {
        const page: { data?: ProviderTemplate[]; paging?: { next?: string } } = await call(path, { method: 'GET', signal });
        found.push(...(page.data ?? []));
        path = page.paging?.next ? page.paging.next.replace(base, '') : null;
      }
      return found;
    },
  };
}
