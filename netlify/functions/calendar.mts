import type { Config } from '@netlify/functions';
import { calendarFeed, FEED_NOT_FOUND } from '../lib/classes/index.ts';
import { HttpError, routes } from '../lib/platform/index.ts';

/** The learner's calendar feed: no login (calendar apps poll it); the secret token in the address is the key. */
export default routes({
  'GET /api/v1/calendar/:token.ics': async ({ params }) => {
    const text = await calendarFeed(params.token ?? '');
    if (text === null) throw new HttpError(404, FEED_NOT_FOUND);
    return new Response(text, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="aspira-classes.ics"',
        // Personal: never in a shared cache, never indexed; apps poll it again within the hour.
        'cache-control': 'private, max-age=300',
        'x-robots-tag': 'noindex',
      },
    });
  },
});

export const config: Config = { path: '/api/v1/calendar/:token.ics' };
