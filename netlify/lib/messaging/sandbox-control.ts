/**
 * The sandbox's controls (local runs only; 404 anywhere else, like the payment sandbox): list
 * what it sent, and play the other side: deliver, read or fail a message, or have the person
 * reply. Each control makes the webhook Meta would send, signs it with the app secret, and hands
 * it to the real webhook code, which checks the signature on those bytes.
 */
import { HttpError } from '../platform/index.ts';
import { receiveWebhook, type WebhookSummary } from './webhook.ts';
import { whatsapp } from './whatsapp/index.ts';
import { sandboxBook, sandboxInbound, sandboxStatus, signWebhook } from './whatsapp/sandbox.ts';

function requireSandbox() {
  const provider = whatsapp();
  if (provider?.name !== 'sandbox') throw new HttpError(404, 'No such API endpoint');
  return provider;
}

export async function sandboxMessages(phone?: string) {
  requireSandbox();
  return (await sandboxBook(phone)).map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() }));
}

async function dispatch(raw: string): Promise<{ webhook: WebhookSummary }> {
  const provider = requireSandbox();
  return { webhook: await receiveWebhook(Buffer.from(raw, 'utf8'), signWebhook(provider.appSecret, raw)) };
}

export async function sandboxSetStatus(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed') {
  requireSandbox();
  const raw = await sandboxStatus(wamid, status);
  if (!raw) throw new HttpError(404, 'The sandbox sent no message with this id');
  return dispatch(raw);
}

export async function sandboxReply(phone: string, text: string) {
  requireSandbox();
  return dispatch(await sandboxInbound(phone, text));
}
