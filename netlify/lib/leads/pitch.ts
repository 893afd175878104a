/** AspiraTank startup pitches: POST /user/tank. */
import { LEAD_MESSAGES, pitchSchema } from '../../../src/shared/leads.ts';
import { pitchEmails } from './emails.ts';
import { defineLead, orNull } from './definition.ts';

export const pitchLead = defineLead({
  schema: pitchSchema,
  table: 'startup_pitches',
  columns: (data) => ({
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
  }),
  consentPurpose: () => 'pitch',
  emails: pitchEmails,
  answer: () => LEAD_MESSAGES.pitch,
  email: (data) => data.email,
  tracking: (data) => data,
});
