import type { Config } from '@netlify/functions';
import { contactRequestSchema, pitchSchema, scholarshipSchema } from '../../src/shared/leads.ts';
import { clientIp, json, readJson, routes } from '../lib/http.ts';
import { createContactRequest, createScholarshipApplication, createStartupPitch, limitLeads } from '../lib/leads.ts';

/** Lead forms: advisor callback and contact page, scholarship application, AspiraTank pitch. */
export default routes({
  'POST /api/v1/user/contactus': async ({ request, context }) => {
    const ip = clientIp(request, context);
    await limitLeads('contact', ip);
    const data = await readJson(request, contactRequestSchema);
    return json(await createContactRequest(data, ip), { status: 201 });
  },

  'POST /api/v1/user/scholarship': async ({ request, context }) => {
    const ip = clientIp(request, context);
    await limitLeads('scholarship', ip);
    const data = await readJson(request, scholarshipSchema);
    return json(await createScholarshipApplication(data, ip), { status: 201 });
  },

  'POST /api/v1/user/tank': async ({ request, context }) => {
    const ip = clientIp(request, context);
    await limitLeads('pitch', ip);
    const data = await readJson(request, pitchSchema);
    return json(await createStartupPitch(data, ip), { status: 201 });
  },
});

export const config: Config = {
  path: ['/api/v1/user/contactus', '/api/v1/user/scholarship', '/api/v1/user/tank'],
};
