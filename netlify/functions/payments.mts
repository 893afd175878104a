import type { Config } from '@netlify/functions';
import { sandboxPaySchema } from '../../src/shared/checkout.ts';
import { createOrderSchema } from '../../src/shared/registration.ts';
import { clientIp, json, readJson, readText, routes } from '../lib/platform/index.ts';
import { sandboxCheckout, handleWebhook } from '../lib/payments/index.ts';
import { createRegistrationOrder } from '../lib/registrations/index.ts';

export default routes({
  /** The registration-fee order; the server sets the amount from the fee option. */
  'POST /api/v1/payment/create-order': async ({ request, context }) => {
    const body = await readJson(request, createOrderSchema);
    return json(await createRegistrationOrder(body, clientIp(request, context)), { status: 201 });
  },

  /** Sandbox only (404 otherwise): plays Razorpay Checkout for a sandbox order. */
  'POST /api/v1/payment/sandbox/pay': async ({ request }) => {
    const body = await readJson(request, sandboxPaySchema);
    return json(await sandboxCheckout(body.orderId, body.outcome));
  },

  /** Razorpay webhooks: the signature covers the raw body, so it is read as text. */
  'POST /api/v1/payment/webhook': async ({ request }) => {
    const raw = await readText(request, 256 * 1024);
    const result = await handleWebhook(raw, request.headers.get('x-razorpay-signature'), request.headers.get('x-razorpay-event-id'));
    return json(result);
  },
});

export const config: Config = {
  path: ['/api/v1/payment/create-order', '/api/v1/payment/sandbox/pay', '/api/v1/payment/webhook'],
};
