import { describe, expect, it } from 'vitest';
import { cleanVariables, oneLine } from './variables.ts';

describe('template variables', () => {
  it('carry a plain name, and "there" or "An advisor" for anything that could read as a message of a stranger', () => {
    expect(cleanVariables('lead_received', ['Asha Verma', 'Ravi'])).toEqual(['Asha Verma', 'Ravi']);
    expect(cleanVariables('lead_received', ['आशा वर्मा', "D'Souza"])).toEqual(['आशा वर्मा', "D'Souza"]);
    expect(cleanVariables('lead_received', ['Claim refund at evil.example/pay now', 'Call 98100 00000'])).toEqual(['there', 'An advisor']);
    expect(cleanVariables('counsellor_follow_up', ['a@b.c', 'x'.repeat(80)])).toEqual(['there', 'An advisor']);
  });

  it('keep other text to one bounded line', () => {
    expect(oneLine('The page is\ncut\toff  ')).toBe('The page is cut off');
    expect(oneLine('x'.repeat(500))).toHaveLength(200);
    const [, document, outcome] = cleanVariables('document_reviewed', ['Asha', '12th\nmarksheet', 'please upload it again\r\n(blurred)']);
    expect([document, outcome]).toEqual(['12th marksheet', 'please upload it again (blurred)']);
  });
});
