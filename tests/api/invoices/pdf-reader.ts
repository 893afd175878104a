/**
 * Reads the text back from a PDF the way a viewer copies it: the page's content stream is parsed,
 * each font's codes are decoded (ToUnicode CMap; WinAnsi for a standard font without one), and a
 * marked-content span with /ActualText (what a viewer copies for shaped Indic text) stands for
 * the glyphs inside it. No PDF renderer needed: @cantoo/pdf-lib's parser opens the objects.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';

/** One BT..ET block: the text it reads as (ActualText applied) and its glyphs' own Unicode, in drawing order. */
export type TextLine = { text: string; glyphs: string };

type Font = { bytesPerCode: 1 | 2; unicode: (code: number) => string };
type Token = { kind: 'op'; value: string } | { kind: 'operand'; value: Operand };
type Operand = number | string | { name: string } | { bytes: Uint8Array } | Operand[] | Map<string, Operand>;

const winAnsi = new TextDecoder('windows-1252');

export async function readPdfLines(bytes: Uint8Array): Promise<TextLine[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines: TextLine[] = [];
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, Font>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) fonts.set(name.decodeText(), fontOf(pdf.context.lookup(ref, PDFDict)));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    const data = Buffer.concat(streams.map((s) => Buffer.from(streamBytes(s as PDFObject))));
    readContent(data, fonts, lines);
  }
  return lines;
}

function streamBytes(stream: PDFObject): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  throw new Error(`not a stream: ${stream?.constructor.name}`);
}

function fontOf(dict: PDFDict): Font {
  const type0 = dict.lookup(PDFName.of('Subtype'))?.toString() === '/Type0';
  const toUnicode = dict.lookup(PDFName.of('ToUnicode'));
  const map = toUnicode instanceof PDFRawStream ? parseCMap(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1')) : null;
  return {
    bytesPerCode: type0 ? 2 : 1,
    unicode: (code) => map?.get(code) ?? (type0 ? '\uFFFD' : winAnsi.decode(new Uint8Array([code]))),
  };
}

/** bfchar and bfrange entries of a ToUnicode CMap: code to UTF-16BE text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const [from, to] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      const targets = m[3]!.startsWith('[') ? [...m[3]!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((t) => t[1]!) : null;
      for (let code = from; code <= to; code++) {
        if (targets) map.set(code, utf16(targets[code - from] ?? ''));
        else {
          const first = Buffer.from(m[3]!.slice(1, -1), 'hex');
          first.writeUInt16BE(first.readUInt16BE(first.length - 2) + code - from, first.length - 2);
          map.set(code, first.swap16().toString('utf16le'));
        }
      }
    }
  return map;
}

function readContent(data: Buffer, fonts: Map<string, Font>, lines: TextLine[]): void {
  let font: Font | undefined;
  let line: TextLine | null = null;
  // The open marked-content sequences: an ActualText is read once, by the first line inside it.
  const spans: { actual: string | null; read: boolean }[] = [];
  const actual = () => spans.find((s) => s.actual !== null);
  const readActual = () => {
    const span = actual();
    if (!span || span.read || !line) return;
    line.text += span.actual;
    span.read = true;
  };
  const decode = (operand: Operand): string => {
    if (Array.isArray(operand)) return operand.map(decode).join('');
    if (typeof operand !== 'object' || !('bytes' in operand) || !font) return '';
    let out = '';
    for (let i = 0; i + font.bytesPerCode <= operand.bytes.length; i += font.bytesPerCode)
      out += font.unicode(font.bytesPerCode === 2 ? (operand.bytes[i]! << 8) | operand.bytes[i + 1]! : operand.bytes[i]!);
    return out;
  };
  let operands: Operand[] = [];
  for (const token of tokens(data)) {
    if (token.kind === 'operand') {
      operands.push(token.value);
      continue;
    }
    const op = token.value;
    if (op === 'BT') {
      line = { text: '', glyphs: '' };
      readActual();
    } else if (op === 'ET' && line) {
      lines.push(line);
      line = null;
    } else if (op === 'Tf') font = fonts.get((operands[0] as { name: string }).name);
    else if (['Tj', 'TJ', "'", '"'].includes(op) && line) {
      const shown = decode(operands[operands.length - 1]!);
      line.glyphs += shown;
      if (!actual()) line.text += shown;
    } else if (op === 'BDC' || op === 'BMC') {
      const props = operands[1];
      const value = props instanceof Map ? props.get('ActualText') : undefined;
      const text = value && typeof value === 'object' && 'bytes' in value ? textString(value.bytes) : null;
      spans.push({ actual: actual() ? null : text, read: false });
      readActual();
    } else if (op === 'EMC') spans.pop();
    operands = [];
  }
}

/** A PDF text string: UTF-16BE with a byte order mark, else PDFDocEncoding (Latin-1 for our purposes). */
function textString(bytes: Uint8Array): string {
  const b = Buffer.from(bytes);
  return b[0] === 0xfe && b[1] === 0xff ? Buffer.from(b.subarray(2)).swap16().toString('utf16le') : b.toString('latin1');
}

/** The content stream's tokens: operands (numbers, names, strings, arrays, dictionaries) and operators. */
function* tokens(data: Buffer): Generator<Token> {
  let at = 0;
  const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
  const isDelimiter = (c: number) => isSpace(c) || '()<>[]{}/%'.includes(String.fromCharCode(c));
  const operand = (): Operand | { op: string } | null => {
    while (at < data.length && (isSpace(data[at]!) || data[at] === 0x25)) {
      if (data[at] === 0x25) while (at < data.length && data[at] !== 0x0a && data[at] !== 0x0d) at++;
      else at++;
    }
    if (at >= data.length) return null;
    const c = String.fromCharCode(data[at]!);
    if (c === '/') {
      const start = ++at;
      while (at < data.length && !isDelimiter(data[at]!)) at++;
      return { name: data.toString('latin1', start, at) };
    }
    if (c === '(') return { bytes: literal() };
    if (c === '<' && data[at + 1] === 0x3c) {
      at += 2;
      const dict = new Map<string, Operand>();
      for (;;) {
        const key = operand();
        if (key === null || (typeof key === 'object' && 'op' in key && key.op === '>>')) return dict;
        dict.set((key as { name: string }).name, operand() as Operand);
      }
    }
    if (c === '<') {
      const end = data.indexOf('>', at);
      const hex = data.toString('latin1', at + 1, end).replace(/\s/g, '');
      at = end + 1;
      return { bytes: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
    }
    if (c === '[') {
      at++;
      const items: Operand[] = [];
      for (;;) {
        const item = operand();
        if (item === null || (typeof item === 'object' && 'op' in item && item.op === ']')) return items;
        items.push(item as Operand);
      }
    }
    if (c === ']' || (c === '>' && data[at + 1] === 0x3e)) {
      at += c === ']' ? 1 : 2;
      return { op: c === ']' ? ']' : '>>' };
    }
    const start = at;
    while (at < data.length && !isDelimiter(data[at]!)) at++;
    if (at === start) at++;
    const word = data.toString('latin1', start, at);
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : { op: word };
  };
  const literal = (): Uint8Array => {
    const out: number[] = [];
    let depth = 0;
    at++;
    while (at < data.length) {
      const c = data[at++]!;
      if (c === 0x5c) {
        const next = data[at++]!;
        const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
        const key = String.fromCharCode(next);
        if (key in simple) out.push(simple[key]!);
        else if (next >= 0x30 && next <= 0x37) {
          let octal = key;
          while (octal.length < 3 && data[at]! >= 0x30 && data[at]! <= 0x37) octal += String.fromCharCode(data[at++]!);
          out.push(parseInt(octal, 8) & 0xff);
        }
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (depth-- === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return new Uint8Array(out);
  };
  for (;;) {
    const next = operand();
    if (next === null) return;
    if (typeof next === 'object' && 'op' in next) yield { kind: 'op', value: next.op };
    else yield { kind: 'operand', value: next };
  }
}
