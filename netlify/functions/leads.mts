import type { Config } from '@netlify/functions';
import {
  assertStorableText,
  clientIp,
  HttpError,
  json,
  mediaTypeEssence,
  parseWith,
  readJson,
  readText,
  routes,
  type RouteHandler,
} from '../lib/platform/index.ts';
import { createLead, LEAD_DEFINITIONS, limitLeads, type FormLeadKind } from '../lib/leads/index.ts';

/** A lead form sent by the browser itself (JavaScript off, or not arrived): never a GET with the fields in the address. */
const FORM_POST = 'application/x-www-form-urlencoded';
/** Form fields that are boxes: ticked is true, as the forms send them. */
const BOXES = new Set(['under18', 'whatsapp']);

/** A form post's fields as the JSON path takes them: a box ticked is true, the industries a list (Other is not one of them). */
function formFields(body: string): Record<string, unknown> {
  const params = new URLSearchParams(body);
  const fields: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (name === 'industries') fields[name] = values.filter((value) => value !== 'Other');
    else if (BOXES.has(name)) fields[name] = values.includes('on');
    else fields[name] = values.at(-1);
  }
  return fields;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page answering a form post: what happened, in words (never the API's field names), and the way back. */
function page(status: number, title: string, lines: string[], back: string): Response {
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escape(title)} | Aspira</title></head><body><main>` +
    `<h1>${escape(title)}</h1>${lines.length > 1 ? `<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>` : `<p>${escape(lines[0] ?? '')}</p>`}` +
    `<p><a href="${escape(back)}">Back to the form</a> · <a href="/">Home</a></p></main></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** The page the form was on (its path only), to go back to. */
function formPage(request: Request): string {
  try {
    return new URL(request.headers.get('referer') ?? '/').pathname;
  } catch {
    return '/';
  }
}

async function formPost(kind: FormLeadKind, request: Request, ip: string): Promise<Response> {
  const fields = formFields(await readText(request));
  try {
    assertStorableText(fields);
    const answer = await createLead(kind, parseWith(LEAD_DEFINITIONS[kind].schema, fields), ip);
    if (kind === 'pitch') return new Response(null, { status: 303, headers: { location: '/thank-you' } });
    return page(201, 'Thank you!', [answer.message], formPage(request));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const problems = (Array.isArray(error.errors) ? error.errors : [error.errors]).map((line) => line.replace(/^[A-Za-z][\w.]*: /, ''));
    return page(400, 'Please check the form', problems, formPage(request));
  }
}

/** One route per lead form: rate limit, check with the kind's schema, store. A form post gets a page back. */
const form =
  (kind: FormLeadKind): RouteHandler =>
  async ({ request, context }) => {
    const ip = clientIp(request, context);
    await limitLeads(kind, ip);
    if (mediaTypeEssence(request.headers.get('content-type')) === FORM_POST) return formPost(kind, request, ip);
    const data = await readJson(request, LEAD_DEFINITIONS[kind].schema);
    return json(await createLead(kind, data, ip), { status: 201 });
  };

/** Lead forms: advisor callback and contact page, scholarship application, AspiraTank pitch. */
export default routes({
  'POST /api/v1/user/contactus': form('contact'),
  'POST /api/v1/user/scholarship': form('scholarship'),
  'POST /api/v1/user/tank': form('pitch'),
});

export const config: Config = {
  path: ['/api/v1/user/contactus', '/api/v1/user/scholarship', '/api/v1/user/tank'],
};
