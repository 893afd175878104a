/** The email to a parent: what their child asked for and the link to confirm or refuse (English, then Hindi). */
import { composeEmail, greetingName, type EmailContent } from '../mail/index.ts';
import { PARENT_LINK_DAYS } from '../../../src/shared/minors.ts';

export function parentConsentEmail(input: { parentName: string; childName: string; what: string; link: string }): EmailContent {
  const child = greetingName(input.childName) === 'there' ? 'Your child' : greetingName(input.childName);
  return composeEmail({
    subject: 'Your consent is needed for your child’s Aspira application',
    greeting: `Hello ${greetingName(input.parentName)},`,
    blocks: [
      `${child} gave your name and this email address as their parent or guardian while applying for ${input.what} at Aspira. Because they are under 18, the law (Digital Personal Data Protection Act, 2023, section 9) asks us to have your consent before we use their details.`,
      `Open the link to read what we would use and why, then confirm or refuse. If you refuse, we erase what your child gave us. The link works for ${PARENT_LINK_DAYS} days.`,
      { link: { label: 'Confirm or refuse', url: input.link } },
      'आपके बच्चे ने Aspira में आवेदन करते समय आपको अपने माता-पिता या अभिभावक के रूप में बताया है। 18 वर्ष से कम आयु होने के कारण, उनकी जानकारी का उपयोग करने से पहले हमें आपकी सहमति चाहिए। ऊपर दिए लिंक पर सहमति दें या मना करें; मना करने पर हम उनकी जानकारी मिटा देंगे।',
      'If you do not know this person, refuse: nothing more will happen.',
    ],
    withSupport: true,
  });
}
