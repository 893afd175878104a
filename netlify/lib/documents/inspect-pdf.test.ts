import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { benignPdfs, hostilePdfs } from '../../../tests/fixtures/pdf/fixtures.ts';
import { asciiHex, classicPdf, modernPdf, stream } from '../../../tests/fixtures/pdf/writer.ts';
import { pdfRefusal } from './inspect-pdf.ts';
import { checkPdf, inspectFile, RefusedFile } from './inspect.ts';

/** The verdict as a promise, whether the check answers at once or later. */
const verdict = (bytes: Uint8Array) => Promise.resolve().then(() => checkPdf(bytes));
const refusal = async (bytes: Uint8Array) => {
  const error = await verdict(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the PDF was accepted').toBeInstanceOf(RefusedFile);
  return (error as RefusedFile).message;
};

const page = [
  { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
];

describe('checkPdf against the files a security test found accepted', () => {
  const expected: Record<string, RegExp> = {
    'asciihex-objstm-javascript': /JavaScript/,
    'ascii85-objstm-launch': /start programs/,
    'bomb-then-javascript': /JavaScript|too complex/,
    'attachment-without-type': /files embedded/,
    'xfa-script': /XFA form/,
    'openaction-uri': /runs actions when opened/,
    'openaction-submitform': /send data|runs actions when opened/,
  };
  for (const [name, build] of Object.entries(hostilePdfs)) {
    it(`refuses ${name}`, { timeout: 20_000 }, async () => {
      expect(await refusal(build())).toMatch(expected[name]!);
    });
  }
});

describe('each net alone', () => {
  it('the parser alone refuses every one of those files', { timeout: 20_000 }, async () => {
    for (const build of Object.values(hostilePdfs)) expect(await pdfRefusal(build(), { names: false })).toBeDefined();
  });

  it('the names net catches what the parser keeps only once: a key written twice', async () => {
    const twice = classicPdf([
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>' },
      ...page,
      { num: 4, body: '<< /S /JavaScript /S /GoTo /D [3 0 R /Fit] >>' },
    ]);
    expect(await pdfRefusal(twice, { names: false })).toBeUndefined();
    expect(await refusal(twice)).toMatch(/JavaScript/);
  });
});

describe('checkPdf on ordinary files', () => {
  for (const [name, build] of Object.entries(benignPdfs)) {
    it(`accepts ${name}`, async () => {
      await expect(verdict(build())).resolves.toBeUndefined();
    });
  }

  it('keeps the file as it is', async () => {
    const bytes = benignPdfs['clickable-link']!();
    const kept = await inspectFile(bytes, ['pdf']);
    expect(kept).toMatchObject({ format: 'pdf', contentType: 'application/pdf', changed: false });
    expect(kept.bytes).toBe(bytes);
  });
});

describe('checkPdf fails closed', () => {
  it('refuses a file whose streams decode to more than it can check', async () => {
    const huge = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20), { level: 9 });
    const bytes = classicPdf([
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      ...page,
      { num: 4, body: stream('/Filter /FlateDecode', huge) },
    ]);
    expect(await refusal(bytes)).toMatch(/too complex to check/);
  });

  it('refuses objects nested too deep', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const bytes = classicPdf([{ num: 1, body: `<< /Type /Catalog /Pages 2 0 R /Deep ${deep} >>` }, ...page]);
    expect(await refusal(bytes)).toMatch(/too complex to check/);
  });

  it('refuses a file it cannot parse', async () => {
    const bytes = classicPdf([{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' }, ...page, { num: 4, body: '<< /A ) >>' }]);
    expect(await refusal(bytes)).toMatch(/could not be read/);
  });

  it('refuses an object stream it cannot decode', async () => {
    const bytes = modernPdf(page, [{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' }], {
      num: 7,
      filter: '/FlateDecode',
      encode: (data) => Buffer.concat([deflateSync(data).subarray(0, 6), Buffer.from('not deflate at all')]),
    });
    expect(await refusal(bytes)).toMatch(/could not be read/);
  });
});

describe('checkPdf reads what a reader reads', () => {
  const catalog = (extra: string) => ({ num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${extra} >>` });

  it('decodes #xx escapes in names, in either case', async () => {
    expect(await refusal(classicPdf([catalog('/OpenAction << /S /J#61vaScript /J#53 (x) >>'), ...page]))).toMatch(/JavaScript/);
    expect(await refusal(classicPdf([catalog('/OpenAction << /S /#4caunch /F (cmd.exe) >>'), ...page]))).toMatch(/start programs/);
  });

  it('decodes chains of filters', async () => {
    const bytes = modernPdf(page, [catalog('/AcroForm << /XFA 9 0 R >>')], {
      num: 7,
      filter: '[/ASCIIHexDecode /FlateDecode]',
      encode: (data) => asciiHex(deflateSync(data)),
    });
    expect(await refusal(bytes)).toMatch(/XFA form/);
  });

  it('sees an object written twice under one number', async () => {
    const bytes = classicPdf([
      catalog('/OpenAction 6 0 R'),
      ...page,
      { num: 6, body: '<< /S /ImportData /F (data.fdf) >>\nendobj\n6 0 obj\n[3 0 R /Fit]' },
    ]);
    expect(await refusal(bytes)).toMatch(/send data/);
  });

  it('refuses encryption, automatic web and remote actions, and attachments by any route', async () => {
    expect(await refusal(classicPdf([catalog(''), ...page], '/Encrypt << /Filter /Standard >> '))).toMatch(/encrypted/);
    expect(await refusal(classicPdf([catalog('/AA << /WC << /S /GoToR /F (other.pdf) /D [0 /Fit] >> >>'), ...page]))).toMatch(
      /when opened/,
    );
    expect(await refusal(classicPdf([catalog('/OpenAction << /S /GoTo /D [3 0 R /Fit] /URI (https://example.com) >>'), ...page]))).toMatch(
      /when opened/,
    );
    expect(await refusal(classicPdf([catalog('/Names << /EmbeddedFiles << /Names [] >> >>'), ...page]))).toMatch(/files embedded/);
    expect(await refusal(classicPdf([catalog('/Foo << /Subtype /RichMedia >>'), ...page]))).toMatch(/files embedded/);
  });

  it('accepts a link a person clicks only to a web page or an email address', async () => {
    const link = (uri: string) =>
      classicPdf([
        catalog(''),
        { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        {
          num: 3,
          body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [<< /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (${uri}) >> >>] >>`,
        },
      ]);
    await expect(verdict(link('mailto:someone@example.com'))).resolves.toBeUndefined();
    expect(await refusal(link('file:///C:/Windows/System32/cmd.exe'))).toMatch(/link/);
    expect(await refusal(link('\\\\\\\\server\\\\share\\\\x'))).toMatch(/link/);
  });
});

const poppler = ['pdfinfo', 'pdfdetach'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
describe.skipIf(!poppler)('poppler reads the same files', () => {
  const withPoppler = (tool: string, args: string[], bytes: Uint8Array) => {
    const folder = mkdtempSync(join(tmpdir(), 'pdf-'));
    writeFileSync(join(folder, 'file.pdf'), bytes);
    return spawnSync(tool, [...args, join(folder, 'file.pdf')], { encoding: 'utf8' }).stdout;
  };

  it('lists the attachment and the JavaScript this check refuses', () => {
    expect(withPoppler('pdfdetach', ['-list'], hostilePdfs['attachment-without-type']!())).toContain('invoice.exe');
    expect(withPoppler('pdfinfo', ['-js'], hostilePdfs['asciihex-objstm-javascript']!())).toContain('app.alert');
    expect(withPoppler('pdfinfo', ['-js'], benignPdfs['objstm-xref-stream']!())).toBe('');
  });
});
