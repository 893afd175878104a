/**
 * The email to a parent: what their child asked for and the link to confirm or refuse, in the
 * language the child read the notice in (the other language follows, for a parent who reads it).
 */
import { composeEmail, type EmailContent } from '../mail/index.ts';
import { greetingName } from '../outbox/index.ts';
import { PARENT_LINK_DAYS } from '../../../src/shared/minors.ts';
import type { NoticeLanguage } from '../../../src/shared/consent.ts';

const HINDI_SUMMARY =
  'आपके बच्चे ने Aspira में आवेदन करते समय आपको अपने माता-पिता या अभिभावक के रूप में बताया है। 18 वर्ष से कम आयु होने के कारण, उनकी जानकारी का उपयोग करने से पहले हमें आपकी सहमति चाहिए। ऊपर दिए लिंक पर सहमति दें या मना करें; मना करने पर हम उनकी जानकारी मिटा देंगे।';
const ENGLISH_SUMMARY =
  'Your child named you as their parent or guardian while applying to Aspira. They are under 18, so we need your consent before we use their details. Confirm or refuse from the link above; if you refuse, we erase what they gave us.';

/** What the child applied for, in each language. */
export type ConsentFor = 'programme' | 'enquiry' | 'account';
const WHAT: Record<NoticeLanguage, Record<ConsentFor, string>> = {
  en: { programme: 'an Aspira programme', enquiry: 'an enquiry', account: 'an Aspira account' },
  hi: { programme: 'एक प्रोग्राम', enquiry: 'एक पूछताछ', account: 'एक खाते' },
};

export function parentConsentEmail(input: {
  parentName: string;
  childName: string;
  what: ConsentFor;
  link: string;
  language: NoticeLanguage;
}): EmailContent {
  const name = greetingName(input.childName);
  const parent = greetingName(input.parentName);
  if (input.language === 'hi') {
    const child = name === 'there' ? 'आपके बच्चे' : name;
    return composeEmail({
      subject: 'Aspira में आपके बच्चे के आवेदन के लिए आपकी सहमति चाहिए',
      greeting: parent === 'there' ? 'नमस्ते,' : `नमस्ते ${parent},`,
      blocks: [
        `${child} ने Aspira में ${WHAT.hi[input.what]} के लिए आवेदन करते समय आपका नाम और यह ईमेल पता अपने माता-पिता या अभिभावक के रूप में दिया है। उनकी आयु 18 वर्ष से कम है, इसलिए क़ानून (डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023, धारा 9) के अनुसार उनकी जानकारी का उपयोग करने से पहले हमें आपकी सहमति चाहिए।`,
        `लिंक खोलकर पढ़ें कि हम क्या उपयोग करेंगे और क्यों, फिर सहमति दें या मना करें। मना करने पर आपके बच्चे ने जो दिया है, हम उसे मिटा देंगे। यह लिंक ${PARENT_LINK_DAYS} दिन तक काम करता है।`,
        { link: { label: 'सहमति दें या मना करें', url: input.link } },
        'यदि आप इस व्यक्ति को नहीं जानते, तो मना कर दें: इसके बाद कुछ नहीं होगा।',
        ENGLISH_SUMMARY,
      ],
      signOff: 'Aspira टीम',
      withSupport: true,
    });
  }
  const child = name === 'there' ? 'Your child' : name;
  return composeEmail({
    subject: 'Your consent is needed for your child’s Aspira application',
    greeting: `Hello ${parent},`,
    blocks: [
      `${child} gave your name and this email address as their parent or guardian while applying for ${WHAT.en[input.what]} at Aspira. Because they are under 18, the law (Digital Personal Data Protection Act, 2023, section 9) asks us to have your consent before we use their details.`,
      `Open the link to read what we would use and why, then confirm or refuse. If you refuse, we erase what your child gave us. The link works for ${PARENT_LINK_DAYS} days.`,
      { link: { label: 'Confirm or refuse', url: input.link } },
      HINDI_SUMMARY,
      'If you do not know this person, refuse: nothing more will happen.',
    ],
    withSupport: true,
  });
}
