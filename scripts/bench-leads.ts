/**
 * Lead submissions under load, through the served site (part of `npm run bench`):
 * 1. a burst: 200 submissions fired at once, spread over the three lead endpoints; every one must
 *    answer 201, be one row and two outbox emails (a confirmation and a team notification);
 * 2. sustained: 50 connections for 10 s on POST /api/v1/user/contactus; every 2xx must be a row.
 * The server must run with LEAD_RATE_LIMIT_PER_10_MIN raised: all requests come from one address.
 */
import autocannon from 'autocannon';
import postgres from 'postgres';

export type BurstResult = {
  sent: number;
  created: number;
  statuses: Record<string, number>;
  rows: number;
  confirmations: number;
  notifications: number;
  ms: number;
};

const ENDPOINTS = ['contactus', 'scholarship', 'tank'] as const;

/** A valid body for each endpoint, marked so its row and emails can be found afterwards. */
export function leadBody(endpoint: (typeof ENDPOINTS)[number], marker: string, i: number): Record<string, unknown> {
  const email = `${marker}-${i}@bench.example`;
  if (endpoint === 'contactus') {
    return i % 2
      ? { Name: `Bench ${i}`, Number: '9810042424', email, comments: `Load test ${marker} ${i}` }
      : { source: 'advisor', Name: `Bench ${i}`, Number: '9810042424', email, programme: 'Data Analytics' };
  }
  if (endpoint === 'scholarship') {
    return { name: `Bench ${i}`, email, phone: '+91 98100 42424', institute: 'Bench Institute', message: `Load test ${marker} ${i}` };
  }
  return {
    Name: `Bench ${i}`,
    Number: '9810042424',
    email,
    location: 'Pune',
    startupName: `Bench ${i}`,
    stage: 'Idea stage',
    comments: 'Load test',
    industries: ['SaaS'],
    startupIdea: 'Idea',
    problem: 'Problem',
    audience: 'Audience',
    uvp: 'UVP',
    usage: 'Usage',
    team: 'Team',
    vision: 'Vision',
    pitchDeckLink: 'https://example.com/deck',
  };
}

/** Fires `total` lead submissions at once and counts what the database holds afterwards. */
export async function burstLeads(baseUrl: string, databaseUrl: string, total = 200): Promise<BurstResult> {
  const marker = `burst${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const endpoint = ENDPOINTS[i % ENDPOINTS.length]!;
      try {
        const response = await fetch(`${baseUrl}/api/v1/user/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(leadBody(endpoint, marker, i)),
        });
        await response.arrayBuffer();
        // Shedding load is allowed only as a 503 that says when to retry.
        if (response.status === 503 && !response.headers.get('retry-after')) return '503 without Retry-After';
        return String(response.status);
      } catch {
        return 'network error';
      }
    }),
  );
  const ms = performance.now() - started;
  const statuses: Record<string, number> = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;

  const sql = postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    const pattern = `${marker}-%`;
    const [counts] = await sql<{ rows: number; confirmations: number; notifications: number }[]>`
      select
        (select count(*) from contact_requests where email like ${pattern})
        + (select count(*) from scholarship_applications where email like ${pattern})
        + (select count(*) from startup_pitches where email like ${pattern}) as rows,
        (select count(*) from email_outbox where to_address like ${pattern}) as confirmations,
        (select count(*) from email_outbox where to_address not like ${pattern} and text_body like ${`%${marker}-%`}) as notifications`;
    return {
      sent: total,
      created: statuses['201'] ?? 0,
      statuses,
      rows: Number(counts!.rows),
      confirmations: Number(counts!.confirmations),
      notifications: Number(counts!.notifications),
      ms,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** 50 connections for `seconds` on the contact endpoint; every 2xx must be a stored row. */
export async function sustainedLeads(baseUrl: string, databaseUrl: string, seconds = 10) {
  const marker = `load${Date.now().toString(36)}`;
  const sql = postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    const result = await autocannon({
      url: `${baseUrl}/api/v1/user/contactus`,
      connections: 50,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Load', Number: '9810042424', email: `${marker}@bench.example`, comments: 'Sustained load test' }),
    });
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from contact_requests where email = ${`${marker}@bench.example`}`;
    const ok = result['2xx'];
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      rows: row!.n,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Called by scripts/bench.ts with the served site and its database. Prints; returns whether nothing was lost. */
export async function benchLeads(baseUrl: string, databaseUrl: string): Promise<boolean> {
  const burst = await burstLeads(baseUrl, databaseUrl, 200);
  const burstOk =
    burst.created === burst.sent && burst.rows === burst.sent && burst.confirmations === burst.sent && burst.notifications === burst.sent;
  console.log('Lead submissions: 200 at once (contact/advisor, scholarship, pitch)');
  console.log(`  answers ${JSON.stringify(burst.statuses)} in ${burst.ms.toFixed(0)} ms`);
  console.log(
    `  2xx ${burst.created}   rows ${burst.rows}   outbox emails ${burst.confirmations + burst.notifications} (${burst.confirmations} confirmations, ${burst.notifications} team notifications)`,
  );
  console.log(`  ${burstOk ? 'nothing lost' : 'MISMATCH: something was lost or refused'}`);
  if (burst.statuses['429']) console.log('  (429 answers: run the server with LEAD_RATE_LIMIT_PER_10_MIN raised)');

  const load = await sustainedLeads(baseUrl, databaseUrl, 10);
  // Requests still in flight when the 10 s end are stored by the server but not counted by the
  // client: rows may exceed the 2xx count by at most the 50 connections, never fall below it.
  const inFlight = load.rows - load.ok;
  const loadOk = load.errors === 0 && load.non2xx === 0 && inFlight >= 0 && inFlight <= 50;
  console.log('Lead submissions: 50 connections for 10 s on POST /api/v1/user/contactus');
  console.log(
    `  ${load.rps.toFixed(0)} req/s   p50 ${load.p50} ms   p99 ${load.p99} ms   2xx ${load.ok}   non-2xx ${load.non2xx}   errors ${load.errors}   rows ${load.rows}`,
  );
  console.log(
    `  ${loadOk ? `every 2xx is a row (${inFlight} more stored from requests in flight at the end)` : 'MISMATCH: fewer rows than 2xx answers, or errors'}\n`,
  );
  return burstOk && loadOk;
}
