/**
 * The second net: the names in a PDF's bytes as a reader's recovery would tokenize them, found
 * without the parser, so an object the parser skipped is still seen. Strings and comments are
 * skipped (a CV may say "HTML/JavaScript"); names written with #xx escapes are decoded.
 */

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
const decodeEscapes = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

/**
 * Calls `found` with each name in `bytes[from, to)`. `syntax` says the bytes are PDF objects;
 * inside stream data (and when `syntax` is false) names come with `syntax` false.
 */
export function eachName(bytes: Uint8Array, found: (name: string, syntax: boolean) => void, syntax = true, from = 0, to = bytes.length) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = from;
  while (i < to) {
    const c = bytes[i]!;
    if (c === 0x25) {
      while (i < to && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      let depth = 0;
      for (; i < to; i++) {
        const s = bytes[i];
        if (s === 0x5c) i++;
        else if (s === 0x28) depth++;
        else if (s === 0x29 && --depth === 0) break;
      }
      i++;
    } else if (c === 0x2f) {
      let end = i + 1;
      while (end < to && !isWhite(bytes[end]!) && !isDelimiter(bytes[end]!)) end++;
      found(decodeEscapes(buffer.toString('latin1', i + 1, end)), syntax);
      i = end;
    } else if (syntax && c === 0x73 && buffer.subarray(i, i + 6).equals(STREAM) && (i === 0 || !isRegular(bytes[i - 1]!))) {
      // Stream data, up to its endstream, is read as data: only long names count there.
      const start = i + 6;
      const end = buffer.indexOf(ENDSTREAM, start);
      const stop = end < 0 || end > to ? to : end;
      eachName(bytes, found, false, start, stop);
      i = stop + ENDSTREAM.length;
    } else i++;
  }
}

const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);
