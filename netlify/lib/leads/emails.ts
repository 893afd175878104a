/**
 * The lead forms' emails: a confirmation to the person (our words only, greeting at most a plain
 * name) and a notification to the team (everything the form carried, as label/value rows).
 */
import type { ContactRequest, ScholarshipApplication, StartupPitch, Tracking } from '../../../src/shared/leads.ts';
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { greetingName } from '../outbox/index.ts';

/** The two emails of one lead; the notification names the lead's reference. */
export type LeadEmails = { tag: string; confirmation: EmailContent; notification: (reference: string) => EmailContent };

function confirmation(subject: string, name: string | undefined, what: string, next: string): EmailContent {
  return composeEmail({
    subject,
    greeting: `Hello ${greetingName(name)},`,
    blocks: [`Thank you for ${what}. We have received it.`, `What happens next: ${next}`],
    withSupport: true,
    footer:
      'You are receiving this email because this address was entered in a form on the Aspira website. If that was not you, you can ignore this message.',
  });
}

type Row = [label: string, value: string | null | undefined];

function notification(subject: string, rows: Row[], reference: string): EmailContent {
  return composeEmail({
    subject,
    greeting: 'A new lead arrived on the website.',
    blocks: [{ facts: rows.filter((row): row is [string, string] => !!row[1]) }, `Reference: ${reference}`],
    signOff: 'The Aspira website',
  });
}

function campaign(data: Tracking): Row[] {
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

const FORM_NAMES = { advisor: 'Advisor dialog', popup: 'Advisor page (/popup)', contact: 'Contact page (/contactus)' } as const;

export function contactEmails(data: ContactRequest): LeadEmails {
  const name = data.Name ?? '';
  if (data.source === 'contact') {
    return {
      tag: 'contact',
      confirmation: confirmation(
        'We received your message - Aspira',
        name,
        'contacting Aspira',
        'a member of our team will read your message and reply by email or call you, usually within one working day.',
      ),
      notification: (ref) =>
        notification(
          `Contact message${name ? ` from ${oneLine(name)}` : ''}`,
          [
            ['Form', FORM_NAMES.contact],
            ['Name', name],
            ['Number', data.Number],
            ['Email', data.email],
            ['Comments', data.comments],
            ...campaign(data),
          ],
          ref,
        ),
    };
  }
  const programme = data.programme || null;
  return {
    tag: 'advisor',
    confirmation: confirmation(
      'Your Aspira advisor will call you',
      name,
      'asking for a call from an Aspira advisor',
      `an advisor will call you on the number you gave${programme ? ` about ${programme}` : ''}, usually within one working day.`,
    ),
    notification: (ref) =>
      notification(
        `Callback request${programme ? ` (${programme})` : ''}: ${oneLine(name)}`,
        [
          ['Form', FORM_NAMES[data.source]],
          ['Name', name],
          ['Number', data.Number],
          ['Email', data.email],
          ['Programme', programme],
          ...campaign(data),
        ],
        ref,
      ),
  };
}

export function scholarshipEmails(data: ScholarshipApplication): LeadEmails {
  return {
    tag: 'scholarship',
    confirmation: confirmation(
      'Your Aspira scholarship application',
      data.name,
      'applying for an Aspira scholarship',
      'our admissions team reviews every application and will contact you by email with the date of your scholarship test and the next steps.',
    ),
    notification: (ref) =>
      notification(
        `Scholarship application: ${oneLine(data.name)} (${oneLine(data.institute, 60)})`,
        [
          ['Name', data.name],
          ['Email', data.email],
          ['Phone', data.phone],
          ['Institute', data.institute],
          ['Message', data.message],
          ...campaign(data),
        ],
        ref,
      ),
  };
}

export function pitchEmails(data: StartupPitch): LeadEmails {
  return {
    tag: 'pitch',
    confirmation: confirmation(
      'Your AspiraTank pitch',
      data.Name,
      'pitching your startup to AspiraTank',
      'our panel reviews every pitch. If yours is shortlisted we will email you to arrange a call and a pitch session with mentors and investors.',
    ),
    notification: (ref) =>
      notification(
        `AspiraTank pitch: ${oneLine(data.startupName)} (${data.stage})`,
        [
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
        ],
        ref,
      ),
  };
}
