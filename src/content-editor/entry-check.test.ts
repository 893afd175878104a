/** The content editor refuses, before saving, what the build would refuse, and says what in the editor's words. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { entryProblems } from './entry-check.ts';

const elevate = parse(readFileSync(join(import.meta.dirname, '..', 'content', 'programmes', 'aspiraelevate.yaml'), 'utf8'));

describe('the whole-entry check before saving', () => {
  it('passes the entries the build accepts, ignoring the editor’s bookkeeping and empty optional fields', () => {
    expect(entryProblems('programmes', elevate)).toEqual([]);
    const edited = structuredClone(elevate);
    edited.facts[0].__sc_item_id = 'abc';
    edited.hero.lead = '';
    expect(entryProblems('programmes', edited)).toEqual([]);
  });

  it('names a fact with both a value and a fee, and a negative fee, in words', () => {
    const edited = structuredClone(elevate);
    edited.facts[2].value = '₹3,19,000';
    edited.facts[0].money = { amount: -5, currency: 'INR' };
    expect(entryProblems('programmes', edited)).toEqual([
      'Key facts › 1 › Fee › Amount: Too small: expected number to be >0',
      'Key facts › 1: a fact has either a value or a money amount',
      'Key facts › 3: a fact has either a value or a money amount',
    ]);
  });

  it('checks a list file entry by entry, and a legal page without its Markdown text', () => {
    expect(entryProblems('partners', { items: [{ id: 'acme', name: 'Acme', logo: '/partners/Acme.png', width: 120 }] })).toEqual([
      '1 › Logo (SVG): an SVG file in public/partners with a lowercase name',
    ]);
    expect(entryProblems('legal', { title: 'Terms', description: 'The terms.', updated: '1 May 2026', body: '## Terms' })).toEqual([]);
  });
});
