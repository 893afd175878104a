/**
 * The WhatsApp templates, in code (docs/whatsapp.md lists them for Meta's approval): name,
 * category (what Meta bills), the variables in order, and the text in English and Hindi exactly
 * as submitted. The last variable of each message template is the person's "Your choices" link,
 * where they can stop WhatsApp messages; the code template (authentication) carries the code and
 * nothing else. A person who chose Hindi gets the Hindi one.
 */
import type { WhatsAppLanguage } from './whatsapp/types.ts';

export type TemplateCategory = 'utility' | 'marketing' | 'authentication';

export type TemplateDefinition = {
  category: TemplateCategory;
  /** What each {{n}} holds, in order (the last is the choices link, except for the code). */
  variables: readonly string[];
  text: Record<WhatsAppLanguage, string>;
};

const STOP_EN = 'Reply STOP to stop WhatsApp messages, or choose here: {{last}}';
const STOP_HI = 'WhatsApp संदेश बंद करने के लिए STOP लिखें, या यहाँ चुनें: {{last}}';

export const TEMPLATES = {
  /** Proves a number: Meta's fixed authentication text, with a copy-code button (no name, no link). */
  whatsapp_code: {
    category: 'authentication',
    variables: ['code'],
    text: {
      en: '{{1}} is your verification code. For your security, do not share this code. This code expires in 10 minutes.',
      hi: '{{1}} आपका सत्यापन कोड है। अपनी सुरक्षा के लिए, यह कोड किसी के साथ साझा न करें। यह कोड 10 मिनट में समाप्त हो जाएगा।',
    },
  },
  lead_received: {
    category: 'utility',
    variables: ['name', 'counsellor', 'choices link'],
    text: {
      en: `Hi {{1}}, thank you for contacting Aspira. {{2}} from our admissions team will call you soon; you can also reply here. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, Aspira से संपर्क करने के लिए धन्यवाद। हमारी प्रवेश टीम से {{2}} जल्द ही आपको कॉल करेंगे; आप यहाँ जवाब भी दे सकते हैं। ${STOP_HI}`,
    },
  },
  payment_received: {
    category: 'utility',
    variables: ['name', 'amount', 'invoice link', 'choices link'],
    text: {
      en: `Hi {{1}}, we received your payment of {{2}}. Your invoice: {{3}}. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, हमें आपका {{2}} का भुगतान मिल गया है। आपका इनवॉइस: {{3}}। ${STOP_HI}`,
    },
  },
  fee_part_due: {
    category: 'utility',
    variables: ['name', 'amount', 'due date', 'pay link', 'choices link'],
    text: {
      en: `Hi {{1}}, the next part of your fee plan, {{2}}, is due on {{3}}. Pay here: {{4}}. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, आपकी फीस योजना की अगली किस्त {{2}} की नियत तिथि {{3}} है। यहाँ भुगतान करें: {{4}}। ${STOP_HI}`,
    },
  },
  fee_part_overdue: {
    category: 'utility',
    variables: ['name', 'amount', 'due date', 'pay link', 'choices link'],
    text: {
      en: `Hi {{1}}, the part of your fee plan of {{2}} was due on {{3}} and is still open. Pay here: {{4}}. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, आपकी फीस योजना की {{2}} की किस्त {{3}} को देय थी और अभी बाकी है। यहाँ भुगतान करें: {{4}}। ${STOP_HI}`,
    },
  },
  document_reviewed: {
    category: 'utility',
    variables: ['name', 'document', 'outcome', 'applications link', 'choices link'],
    text: {
      en: `Hi {{1}}, our admissions team reviewed your {{2}}: {{3}}. See your documents: {{4}}. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, हमारी प्रवेश टीम ने आपका {{2}} देखा: {{3}}। अपने दस्तावेज़ यहाँ देखें: {{4}}। ${STOP_HI}`,
    },
  },
  class_reminder: {
    category: 'utility',
    variables: ['name', 'session', 'start time', 'classes link', 'choices link'],
    text: {
      en: `Hi {{1}}, a reminder: {{2}} starts {{3}}. Your classes: {{4}}. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, याद दिला दें: {{2}} {{3}} शुरू होगा। आपकी कक्षाएँ: {{4}}। ${STOP_HI}`,
    },
  },
  counsellor_follow_up: {
    category: 'marketing',
    variables: ['name', 'counsellor', 'choices link'],
    text: {
      en: `Hi {{1}}, this is {{2}} from Aspira admissions, following up on your enquiry. Reply here when it suits you. ${STOP_EN}`,
      hi: `नमस्ते {{1}}, मैं Aspira प्रवेश टीम से {{2}}, आपकी पूछताछ के बारे में संपर्क कर रहा/रही हूँ। सुविधा हो तो यहाँ जवाब दें। ${STOP_HI}`,
    },
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

/** The text the person reads: each {{n}} (and {{last}}) filled in. */
export function renderTemplate(name: TemplateName, language: WhatsAppLanguage, variables: readonly string[]): string {
  const definition: TemplateDefinition = TEMPLATES[name];
  const last = variables.length;
  return definition.text[language]
    .replace('{{last}}', `{{${last}}}`)
    .replace(/\{\{(\d+)\}\}/g, (_, n: string) => variables[Number(n) - 1] ?? '');
}

/** The text as submitted to Meta ({{n}} placeholders, the choices link as the last one). */
export function submittedText(name: TemplateName, language: WhatsAppLanguage): string {
  const definition: TemplateDefinition = TEMPLATES[name];
  return definition.text[language].replace('{{last}}', `{{${definition.variables.length}}}`);
}
