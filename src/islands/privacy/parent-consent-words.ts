/** What /parent-consent says, in the language the parent reads the notice in. */
import type { NoticeLanguage } from '../../shared/consent.ts';

type Words = {
  loading: string;
  hello: (parent: string, child: string) => [string, string, string];
  consent: string;
  refuse: string;
  declaration: string;
  given: string;
  refused: string;
  givenNow: string;
  refusedNow: string;
  invalid: string;
  expired: string;
  failed: string;
};

export const PARENT_CONSENT_WORDS: Record<NoticeLanguage, Words> = {
  en: {
    loading: 'Loading...',
    hello: (parent, child) => [
      `Hello ${parent}. `,
      child,
      ' named you as their parent or guardian while applying to Aspira. They are under 18, so we need your consent before we use their details. Until you answer, we use them only to reach you.',
    ],
    consent: 'I am their parent or guardian and I consent',
    refuse: 'I refuse: erase their details',
    declaration:
      "We record your answer with the time and this link. By confirming, you declare that you are this child's parent or lawful guardian.",
    given: 'You have already given consent. Thank you.',
    refused: 'You have already refused consent. Your child’s details were erased.',
    givenNow: 'Thank you. Your consent is recorded: your child can now continue their registration.',
    refusedNow: 'Your refusal is recorded and everything your child gave us has been erased.',
    invalid: 'This link is not valid. It may have been replaced by a newer one.',
    expired: 'This link has expired. Your child can register again to send you a new one.',
    failed: 'We could not record your answer. Try again.',
  },
  hi: {
    loading: 'लोड हो रहा है...',
    hello: (parent, child) => [
      `नमस्ते ${parent}। `,
      child,
      ' ने Aspira में आवेदन करते समय आपको अपने माता-पिता या अभिभावक के रूप में बताया है। उनकी आयु 18 वर्ष से कम है, इसलिए उनकी जानकारी का उपयोग करने से पहले हमें आपकी सहमति चाहिए। आपके उत्तर तक हम उसका उपयोग केवल आपसे संपर्क करने के लिए करते हैं।',
    ],
    consent: 'मैं उनका/उनकी माता-पिता या अभिभावक हूँ और सहमति देता/देती हूँ',
    refuse: 'मैं मना करता/करती हूँ: उनकी जानकारी मिटा दें',
    declaration: 'हम आपका उत्तर समय और इस लिंक के साथ दर्ज करते हैं। सहमति देकर आप घोषणा करते हैं कि आप इस बच्चे के माता-पिता या क़ानूनी अभिभावक हैं।',
    given: 'आप पहले ही सहमति दे चुके हैं। धन्यवाद।',
    refused: 'आप पहले ही सहमति से मना कर चुके हैं। आपके बच्चे की जानकारी मिटा दी गई है।',
    givenNow: 'धन्यवाद। आपकी सहमति दर्ज हो गई है: आपका बच्चा अब अपना पंजीकरण जारी रख सकता है।',
    refusedNow: 'आपका इनकार दर्ज हो गया है और आपके बच्चे ने हमें जो कुछ दिया था, वह मिटा दिया गया है।',
    invalid: 'यह लिंक मान्य नहीं है। हो सकता है इसकी जगह नया लिंक भेजा गया हो।',
    expired: 'इस लिंक की अवधि समाप्त हो गई है। आपका बच्चा फिर से पंजीकरण करके आपको नया लिंक भेज सकता है।',
    failed: 'हम आपका उत्तर दर्ज नहीं कर सके। फिर से प्रयास करें।',
  },
};
