/**
 * Messaging: WhatsApp beside email (docs/whatsapp.md). The WhatsApp port (whatsapp/: Meta's Cloud
 * API, a local sandbox), the templates in code, the opt-in, proving a number and stopping,
 * automatic messages that go by email and also by WhatsApp to a proven number (written to the
 * outbox, which delivers them through channel.ts), the webhook, the conversation for the pipeline,
 * the owner's month of messages and the person's data.
 */
export * from './conversation.ts';
export * from './costs.ts';
export { maskPhone } from './contacts.ts';
export { askUnaskedToConfirm, confirmationView, confirmByLink, sendCodeByLink } from './proof.ts';
export * from './sandbox-control.ts';
export * from './send.ts';
export * from './settings.ts';
export * from './template-check.ts';
export { TEMPLATES, TEMPLATE_NAMES, renderTemplate, type TemplateName } from './templates.ts';
export * from './webhook.ts';
export { whatsapp, useWhatsAppForTests, WhatsAppRefusal, type WhatsAppProvider } from './whatsapp/index.ts';
export { SANDBOX_APP_SECRET, SANDBOX_VERIFY_TOKEN } from './whatsapp/sandbox.ts';
