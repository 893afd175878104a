/**
 * Which WhatsApp provider this deployment uses: Meta's Cloud API when its keys are set; the
 * sandbox only on a local run; otherwise none, and then no WhatsApp is sent and every message
 * goes by email (fail closed: a deploy without keys never pretends a message went out).
 */
import { env, type Env, log } from '../../platform/index.ts';
import { TEMPLATES, TEMPLATE_NAMES } from '../templates.ts';
import { cloudApiProvider } from './cloud-api.ts';
import { graphVersionWarning } from './graph-version.ts';
import { sandboxProvider } from './sandbox.ts';
import type { WhatsAppProvider } from './types.ts';

export { WhatsAppRefusal, type WhatsAppProvider, type WhatsAppLanguage, type ProviderTemplate } from './types.ts';

let selected: { provider: WhatsAppProvider | undefined; for: Env } | undefined;
let override: WhatsAppProvider | undefined;

export function whatsapp(): WhatsAppProvider | undefined {
  if (override) return override;
  const config = env();
  if (selected?.for === config) return selected.provider;
  let provider: WhatsAppProvider | undefined;
  if (config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_APP_SECRET && config.WHATSAPP_VERIFY_TOKEN) {
    const warning = graphVersionWarning(config.WHATSAPP_GRAPH_VERSION);
    if (warning) log.warn(warning);
    provider = cloudApiProvider({
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: config.WHATSAPP_ACCESS_TOKEN,
      appSecret: config.WHATSAPP_APP_SECRET,
      verifyToken: config.WHATSAPP_VERIFY_TOKEN,
      businessAccountId: config.WHATSAPP_BUSINESS_ACCOUNT_ID,
      graphHost: config.WHATSAPP_GRAPH_HOST,
      graphVersion: config.WHATSAPP_GRAPH_VERSION,
    });
  } else if (config.isLocal) {
    const templates = TEMPLATE_NAMES.map((name) => ({ name, category: TEMPLATES[name].category }));
    const approved = config.WHATSAPP_SANDBOX_APPROVED?.split(',').map((n) => n.trim()) ?? TEMPLATE_NAMES;
    provider = sandboxProvider({ templates, approved });
  } else {
    log.warn('WhatsApp is not configured on this deployment: every message goes by email');
  }
  selected = { provider, for: config };
  return provider;
}

/** Tests only: a fake provider in place (undefined restores the configured one). */
export function useWhatsAppForTests(fake: WhatsAppProvider | undefined): void {
  override = fake;
}
