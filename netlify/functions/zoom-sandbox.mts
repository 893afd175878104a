import type { Config } from '@netlify/functions';
import { meetingIdSchema, sandboxParticipantSchema } from '../../src/shared/meetings.ts';
import { requireZoomSandbox, sandboxJoin, sandboxZoomMeetings, sandboxZoomParticipant } from '../lib/meetings/index.ts';
import { json, parseWith, readJson, routes } from '../lib/platform/index.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in for Zoom's meeting window: a small page saying where the visitor is. */
function page(status: number, title: string, lines: string[]): Response {
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escape(title)} | Aspira</title></head><body><main>` +
    `<h1>${escape(title)}</h1>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p><a href="/learn">Back to your classes</a></p></main></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

const IST = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/** The Zoom sandbox (local runs only; 404 on a deploy): the meeting page a join link opens, the books, the report. */
export default routes({
  /** A learner's join link: records the join under their registrant id, as Zoom's report would. */
  'GET /api/v1/sandbox/zoom/j/:meetingId': async ({ params, url }) => {
    requireZoomSandbox();
    const joined = await sandboxJoin(parseWith(meetingIdSchema, params.meetingId), url.searchParams.get('tk') ?? '');
    if (!joined) return page(404, 'This join link is not valid', ['Open the class again from your timetable to get your own link.']);
    return page(200, `You joined ${joined.topic} (sandbox meeting)`, [
      `Joined as ${joined.name}. The class starts ${IST.format(joined.startsAt)} IST and lasts ${joined.durationMinutes} minutes.`,
      'This is the local sandbox: no real meeting runs, but your attendance is recorded as Zoom would report it.',
    ]);
  },

  /** The host's link. */
  'GET /api/v1/sandbox/zoom/s/:meetingId': async ({ params }) => {
    requireZoomSandbox();
    const [meeting] = await sandboxZoomMeetings(parseWith(meetingIdSchema, params.meetingId));
    if (!meeting || meeting.status === 'deleted') return page(404, 'No such meeting', ['The meeting was deleted or never made.']);
    return page(200, `You started ${meeting.topic} as the host (sandbox meeting)`, [
      `Starts ${IST.format(new Date(meeting.startTime))} IST.`,
    ]);
  },

  'GET /api/v1/sandbox/zoom/meetings': async ({ url }) => {
    requireZoomSandbox();
    const id = url.searchParams.get('id');
    return json({ meetings: await sandboxZoomMeetings(id ? parseWith(meetingIdSchema, id) : undefined) });
  },

  /** Fills the participant report (anyone, any times; with or without a registrant id). */
  'POST /api/v1/sandbox/zoom/meetings/:meetingId/participants': async ({ request, params }) => {
    requireZoomSandbox();
    const meetingId = parseWith(meetingIdSchema, params.meetingId);
    const p = await readJson(request, sandboxParticipantSchema);
    await sandboxZoomParticipant(meetingId, {
      registrantId: p.registrantId ?? null,
      email: p.email ?? null,
      name: p.name,
      joinedAt: new Date(p.joinedAt),
      leftAt: new Date(p.leftAt),
    });
    return json({ ok: true }, { status: 201 });
  },
});

export const config: Config = {
  path: [
    '/api/v1/sandbox/zoom/j/:meetingId',
    '/api/v1/sandbox/zoom/s/:meetingId',
    '/api/v1/sandbox/zoom/meetings',
    '/api/v1/sandbox/zoom/meetings/:meetingId/participants',
  ],
};
