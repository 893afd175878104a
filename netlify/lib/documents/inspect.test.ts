import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPdf, RefusedFile, sniff } from './inspect.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const pdfWith = (body: string) => bytes(`%PDF-1.7\n${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe('sniff', () => {
  it('knows PDF, JPEG and PNG by their first bytes only', () => {
    expect(sniff(bytes('%PDF-1.4 ...'))).toBe('pdf');
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniff(bytes('<html>%PDF-1.4</html>'))).toBeNull();
    expect(sniff(bytes('GIF89a'))).toBeNull();
    expect(sniff(new Uint8Array())).toBeNull();
  });
});

describe('checkPdf', () => {
  it('accepts a plain PDF, one opening at a page included', async () => {
    await expect(checkPdf(pdfWith('1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj'))).resolves.toBeUndefined();
  });

  it('finds actions behind #xx escapes in names and inside deflated streams', async () => {
    await expect(checkPdf(pdfWith('1 0 obj << /S /J#61vaScript /J#53 (x) >> endobj'))).rejects.toThrow(/JavaScript/);
    const hidden = deflateSync(Buffer.from('<< /Type /Catalog /AA << /O 4 0 R >> >>'));
    const stream = Buffer.concat([
      Buffer.from('%PDF-1.7\n2 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n'),
      hidden,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    await expect(checkPdf(new Uint8Array(stream))).rejects.toThrow(RefusedFile);
    await expect(checkPdf(pdfWith('1 0 obj << /Names << /EmbeddedFiles 5 0 R >> >> endobj'))).rejects.toThrow(/embedded/);
    await expect(checkPdf(pdfWith('1 0 obj << /S /Launch /F (cmd.exe) >> endobj'))).rejects.toThrow(/actions/);
  });

  it('refuses a truncated PDF', async () => {
    await expect(checkPdf(bytes('%PDF-1.7\n1 0 obj << >> endobj\n'))).rejects.toThrow(/incomplete/);
  });
});
