// zxcvbn-ts's English messages alone: the package's index also pulls its large word lists, which
// the password check does not use (it ships no type for this file).
declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  const translations: TranslationKeys;
  export default translations;
}
