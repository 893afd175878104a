/**
 * Mail and messaging stay apart: both write to the outbox, which drives the Mailer port and the
 * WhatsApp channel; neither imports the other, so a message is never handed back and forth.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles } from './import-graph.ts';

const LIB = join(ROOT, 'netlify/lib');
const domainOf = (file: string) => relative(LIB, file).split('/')[0]!;

function importsBetween(from: string, to: string): string[] {
  return sourceFiles(join(LIB, from), { tests: true }).flatMap((file) =>
    importsOf(file)
      .filter((i) => i.target.startsWith(LIB + '/') && domainOf(i.target) === to)
      .map((i) => `${relative(ROOT, file)} -> ${i.spec}`),
  );
}

describe('the outbox between mail and messaging', () => {
  it('mail imports nothing of messaging or the outbox', () => {
    expect(importsBetween('mail', 'messaging')).toEqual([]);
    expect(importsBetween('mail', 'outbox')).toEqual([]);
  });

  it('messaging imports nothing of mail, types included', () => {
    expect(importsBetween('messaging', 'mail')).toEqual([]);
  });

  it('the outbox reaches messaging only for the WhatsApp channel it drives', () => {
    expect(importsBetween('outbox', 'messaging')).toEqual(['netlify/lib/outbox/kinds.ts -> ../messaging/channel.ts']);
  });
});
