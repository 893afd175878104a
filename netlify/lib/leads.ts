/**
 * Leads: advisor callbacks and contact messages, scholarship applications, startup pitches.
 * Each one is stored with its two emails (a confirmation to the person, a notification to the
 * team) in ONE transaction, so a lead never exists without its emails, nor emails without a
 * lead. Delivery happens after the answer (mail/index.ts); the outbox retries what fails.
 */
import { createHmac } from 'node:crypto';
import {
  LEAD_MESSAGES,
  type ContactRequest,
  type ScholarshipApplication,
  type StartupPitch,
  type Tracking,
} from '../../src/shared/leads.ts';
import { db, type Tx } from './db.ts';
import { env } from './env.ts';
import { log } from './log.ts';
import { enqueueEmail } from './mail/index.ts';
import { rateLimit } from './rate-limit.ts';

export type LeadKind = 'contact' | 'scholarship' | 'pitch';

const WINDOW_SECONDS = 10 * 60;

/** Per-IP limit on each lead form (LEAD_RATE_LIMIT_PER_10_MIN); 429 with Retry-After beyond it. */
export async function limitLeads(kind: LeadKind, ip: string): Promise<void> {
  await rateLimit({ bucket: `lead-${kind}`, key: ip, limit: env().LEAD_RATE_LIMIT_PER_10_MIN, windowSeconds: WINDOW_SECONDS });
}

/** A keyed hash of the sender's address: links repeat senders without storing the address. */
function ipHash(ip: string): string {
  return createHmac('sha256', env().jwtSecret).update(`lead-ip:${ip}`).digest('hex').slice(0, 32);
}

const orNull = (value: string | undefined | null) => (value ? value : null);

function trackingColumns(data: Tracking) {
  return {
    utm_source: orNull(data.utm_source),
    utm_medium: orNull(data.utm_medium),
    utm_campaign: orNull(data.utm_campaign),
    utm_term: orNull(data.utm_term),
    utm_content: orNull(data.utm_content),
    referrer: orNull(data.referrer),
  };
}

/** "Key: value" lines for the team's notification; empty values are left out. */
function details(rows: [string, string | null | undefined][]): string {
  return rows
    .filter(([, value]) => value)
    .map(([label, value]) => (value!.includes('\n') ? `${label}:\n${indent(value!)}` : `${label}: ${value}`))
    .join('\n');
}

const indent = (value: string) =>
  value
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

function campaign(data: Tracking): [string, string | undefined][] {
  return [
    ['UTM source', data.utm_source],
    ['UTM medium', data.utm_medium],
    ['UTM campaign', data.utm_campaign],
    ['UTM term', data.utm_term],
    ['UTM content', data.utm_content],
    ['Referring page', data.referrer],
  ];
}

/** A subject-safe one-line excerpt (the schemas already refuse line breaks in these fields). */
const oneLine = (value: string, max = 80) => value.replace(/[\r\n]+/g, ' ').slice(0, max);

export const GREETING_MAX = 40;

/**
 * The only visitor text a confirmation may carry: a short name made of letters (no digits, no
 * "x.y" that could read as a link, no @ or slashes). Anything else is greeted as "there", so
 * a form cannot make our server send someone else a message of a stranger's choosing.
 */
export function greetingName(name: string | undefined): string {
  const value = (name ?? '').trim().replace(/\s+/g, ' ');
  const plain = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u.test(value) && !/\.\S/u.test(value);
  return plain && value.length <= GREETING_MAX ? value : 'there';
}

/** A confirmation: our words only, greeting at most the name (see greetingName). */
function confirmation(name: string | undefined, what: string, next: string): string {
  const { SUPPORT_EMAIL, SUPPORT_PHONE } = env();
  return [
    `Hello ${greetingName(name)},`,
    '',
    `Thank you for ${what}. We have received it.`,
    '',
    `What happens next: ${next}`,
    '',
    'If you have a question in the meantime, reach us at:',
    `  Email: ${SUPPORT_EMAIL}`,
    `  Phone: ${SUPPORT_PHONE}`,
    '',
    'The Aspira team',
    '',
    'You are receiving this email because this address was entered in a form on the Aspira website.',
    'If that was not you, you can ignore this message.',
  ].join('\n');
}

async function enqueuePair(
  tx: Tx,
  lead: { email: string; personSubject: string; personText: string; teamSubject: string; teamText: string; tag: string; id: string },
) {
  // The confirmation goes to whatever address the form named: capped per address per day.
  await enqueueEmail(tx, {
    to: lead.email,
    subject: lead.personSubject,
    text: lead.personText,
    tag: `${lead.tag}-confirmation`,
    toVisitor: true,
  });
  await enqueueEmail(tx, {
    to: env().TEAM_EMAIL,
    subject: lead.teamSubject,
    text: `${lead.teamText}\n\nReference: ${lead.id}`,
    tag: `${lead.tag}-notification`,
  });
}

/** POST /user/contactus: the advisor dialog, /popup and /contactus. */
export async function createContactRequest(data: ContactRequest, ip: string): Promise<{ message: string }> {
  const isAdvisor = data.source !== 'contact';
  const programme = isAdvisor ? orNull(data.programme) : null;
  const comments = data.source === 'contact' ? data.comments : '';
  const name = data.Name ?? '';
  const id = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into contact_requests ${tx({ source: data.source, name, phone: data.Number, email: data.email, programme, comments, ...trackingColumns(data), ip_hash: ipHash(ip) })}
      returning id::text`;
    const ref = `contact-${row!.id}`;
    await enqueuePair(tx, {
      id: ref,
      tag: isAdvisor ? 'advisor' : 'contact',
      email: data.email,
      personSubject: isAdvisor ? 'Your Aspira advisor will call you' : 'We received your message - Aspira',
      personText: isAdvisor
        ? confirmation(
            name,
            'asking for a call from an Aspira advisor',
            `an advisor will call you on the number you gave${programme ? ` about ${programme}` : ''}, usually within one working day.`,
          )
        : confirmation(
            name,
            'contacting Aspira',
            'a member of our team will read your message and reply by email or call you, usually within one working day.',
          ),
      teamSubject: isAdvisor
        ? `Callback request${programme ? ` (${programme})` : ''}: ${oneLine(name)}`
        : `Contact message${name ? ` from ${oneLine(name)}` : ''}`,
      teamText: details([
        [
          'Form',
          data.source === 'advisor' ? 'Advisor dialog' : data.source === 'popup' ? 'Advisor page (/popup)' : 'Contact page (/contactus)',
        ],
        ['Name', name],
        ['Number', data.Number],
        ['Email', data.email],
        ['Programme', programme],
        ['Comments', comments],
        ...campaign(data),
      ]),
    });
    return ref;
  });
  log.info('lead stored', { kind: 'contact', source: data.source, ref: id });
  return { message: isAdvisor ? LEAD_MESSAGES.advisor : LEAD_MESSAGES.contact };
}

/** POST /user/scholarship */
export async function createScholarshipApplication(data: ScholarshipApplication, ip: string): Promise<{ message: string }> {
  const id = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into scholarship_applications ${tx({ name: data.name, email: data.email, phone: data.phone, institute: data.institute, message: data.message, ...trackingColumns(data), ip_hash: ipHash(ip) })}
      returning id::text`;
    const ref = `scholarship-${row!.id}`;
    await enqueuePair(tx, {
      id: ref,
      tag: 'scholarship',
      email: data.email,
      personSubject: 'Your Aspira scholarship application',
      personText: confirmation(
        data.name,
        'applying for an Aspira scholarship',
        'our admissions team reviews every application and will contact you by email with the date of your scholarship test and the next steps.',
      ),
      teamSubject: `Scholarship application: ${oneLine(data.name)} (${oneLine(data.institute, 60)})`,
      teamText: details([
        ['Name', data.name],
        ['Email', data.email],
        ['Phone', data.phone],
        ['Institute', data.institute],
        ['Message', data.message],
        ...campaign(data),
      ]),
    });
    return ref;
  });
  log.info('lead stored', { kind: 'scholarship', ref: id });
  return { message: LEAD_MESSAGES.scholarship };
}

/** POST /user/tank: an AspiraTank startup pitch. */
export async function createStartupPitch(data: StartupPitch, ip: string): Promise<{ message: string }> {
  const id = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into startup_pitches ${tx({
        name: data.Name,
        phone: data.Number,
        email: data.email,
        location: data.location,
        linkedin: orNull(data.linkedin),
        startup_name: data.startupName,
        website: orNull(data.website),
        stage: data.stage,
        comments: data.comments,
        industries: data.industries,
        other_industry: orNull(data.otherIndustry),
        startup_idea: data.startupIdea,
        problem: data.problem,
        audience: data.audience,
        uvp: data.uvp,
        funding: orNull(data.funding),
        usage: data.usage,
        equity: orNull(data.equity),
        team: data.team,
        vision: data.vision,
        pitch_deck_link: data.pitchDeckLink,
        demo_link: orNull(data.demoLink),
        heard_from: orNull(data.heardFrom),
        additional_comments: orNull(data.additionalComments),
        ...trackingColumns(data),
        ip_hash: ipHash(ip),
      })}
      returning id::text`;
    const ref = `pitch-${row!.id}`;
    await enqueuePair(tx, {
      id: ref,
      tag: 'pitch',
      email: data.email,
      personSubject: 'Your AspiraTank pitch',
      personText: confirmation(
        data.Name,
        'pitching your startup to AspiraTank',
        'our panel reviews every pitch. If yours is shortlisted we will email you to arrange a call and a pitch session with mentors and investors.',
      ),
      teamSubject: `AspiraTank pitch: ${oneLine(data.startupName)} (${data.stage})`,
      teamText: details([
        ['Founder', data.Name],
        ['Number', data.Number],
        ['Email', data.email],
        ['Location', data.location],
        ['LinkedIn', data.linkedin],
        ['Startup', data.startupName],
        ['Website', data.website],
        ['Stage', data.stage],
        ['Industries', [...data.industries, ...(data.otherIndustry ? [data.otherIndustry] : [])].join(', ')],
        ['Startup idea', data.startupIdea],
        ['Problem', data.problem],
        ['Target audience', data.audience],
        ['Unique value proposition', data.uvp],
        ['Funding', data.funding],
        ['Use of mentorship / investment', data.usage],
        ['Equity', data.equity],
        ['Team', data.team],
        ['Vision', data.vision],
        ['Pitch deck', data.pitchDeckLink],
        ['Demo', data.demoLink],
        ['Heard about us from', data.heardFrom],
        ['Comments', data.comments],
        ['Additional comments', data.additionalComments],
        ...campaign(data),
      ]),
    });
    return ref;
  });
  log.info('lead stored', { kind: 'pitch', ref: id });
  return { message: LEAD_MESSAGES.pitch };
}
