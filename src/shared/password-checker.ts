/**
 * The password estimator (zxcvbn-ts with its common-password list and English messages). Never
 * imported statically: `loadPasswordChecker()` in password.ts loads it on first need, so pages
 * without a password field and function cold starts do not carry the dictionary.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });

export type Estimate = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };

export function estimate(password: string, userInputs: string[]): Estimate {
  const result = zxcvbn.check(password, userInputs);
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
