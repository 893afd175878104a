/**
 * Decodes a PDF stream through every filter it names, as a reader would, within a byte budget:
 * Flate (zlib, its output capped), LZW, ASCIIHex, ASCII85 and RunLength (pdf-lib's decoders,
 * read in chunks), and the PNG and TIFF predictors. Image codecs (JPEG, JPEG 2000, fax, JBIG2)
 * end the decoding: what follows is pixels, which a reader draws and never runs.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { constants, inflateRawSync } from 'node:zlib';

export type PdfProblemKind = 'too-complex' | 'unreadable' | 'encrypted';
export class PdfProblem extends Error {
  override name = 'PdfProblem';
  readonly kind: PdfProblemKind;
  constructor(kind: PdfProblemKind) {
    super(kind);
    this.kind = kind;
  }
}

/** Decoded bytes the whole file may produce before the check gives up. */
export class Budget {
  left: number;
  constructor(bytes: number) {
    this.left = bytes;
  }
  spend(bytes: number) {
    this.left -= bytes;
    if (this.left < 0) throw new PdfProblem('too-complex');
  }
}

const ALIASES: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
};
const CHUNK = 64 * 1024;

const named = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : undefined);
const numberIn = (params: PDFObject | undefined, key: string, fallback: number) => {
  const value = params instanceof PDFDict ? params.get(PDFName.of(key)) : undefined;
  return value instanceof PDFNumber ? value.asNumber() : fallback;
};

function inflate(data: Uint8Array, budget: Budget): Uint8Array {
  // Readers skip the two-byte zlib header and never check the trailing checksum; so does this.
  if (data.length < 2 || (data[0]! & 0x0f) !== 8 || ((data[0]! << 8) | data[1]!) % 31 !== 0) throw new PdfProblem('unreadable');
  try {
    const out = inflateRawSync(data.subarray(2), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget.left) });
    budget.spend(out.length);
    return out;
  } catch (error) {
    if (error instanceof PdfProblem) throw error;
    throw new PdfProblem((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-complex' : 'unreadable');
  }
}

function withPdfLib(data: Uint8Array, filter: string, params: PDFObject | undefined, context: PDFContext, budget: Budget) {
  const dict = context.obj({ Filter: filter });
  if (params instanceof PDFDict) dict.set(PDFName.of('DecodeParms'), params);
  const decoder = decodePDFRawStream(PDFRawStream.of(dict, data));
  const chunks: Uint8Array[] = [];
  for (;;) {
    const chunk = decoder.getBytes(CHUNK);
    if (chunk.length === 0) break;
    budget.spend(chunk.length);
    chunks.push(Uint8Array.from(chunk));
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Undoes the PNG (10-15) or TIFF (2) predictor a Flate or LZW stream's parameters name. */
function unpredict(data: Uint8Array, params: PDFObject | undefined): Uint8Array {
  const predictor = numberIn(params, 'Predictor', 1);
  if (predictor <= 1) return data;
  const colors = numberIn(params, 'Colors', 1);
  const bits = numberIn(params, 'BitsPerComponent', 8);
  const columns = numberIn(params, 'Columns', 1);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const width = Math.ceil((colors * bits * columns) / 8);
  if (!(width > 0 && width <= 1 << 24)) throw new PdfProblem('unreadable');
  if (predictor === 2) {
    if (bits !== 8) throw new PdfProblem('unreadable');
    const out = Uint8Array.from(data);
    for (let row = 0; row < out.length; row += width) {
      for (let i = row + bpp; i < Math.min(row + width, out.length); i++) out[i] = (out[i]! + out[i - bpp]!) & 0xff;
    }
    return out;
  }
  const rows = Math.floor(data.length / (width + 1));
  const out = new Uint8Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (width + 1)]!;
    const src = r * (width + 1) + 1;
    const at = r * width;
    for (let i = 0; i < width; i++) {
      const left = i >= bpp ? out[at + i - bpp]! : 0;
      const up = r > 0 ? out[at + i - width]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[at + i - width - bpp]! : 0;
      let guess = 0;
      if (type === 1) guess = left;
      else if (type === 2) guess = up;
      else if (type === 3) guess = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        guess = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else if (type !== 0) throw new PdfProblem('unreadable');
      out[at + i] = (data[src + i]! + guess) & 0xff;
    }
  }
  return out;
}

/**
 * A stream's bytes after each of its filters. `complete` is false when decoding stopped at an
 * image codec or at a filter readers do not know (they stop there too).
 */
export function decodeStream(stream: PDFRawStream, budget: Budget): { data: Uint8Array; complete: boolean } {
  const { dict } = stream;
  const context = dict.context;
  const filter = dict.get(PDFName.of('Filter'));
  const parms = dict.get(PDFName.of('DecodeParms')) ?? dict.get(PDFName.of('DP'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  let data: Uint8Array = stream.contents;
  for (let i = 0; i < filters.length; i++) {
    const given = named(filters[i]);
    const name = given && (ALIASES[given] ?? given);
    const params = parms instanceof PDFArray ? parms.asArray()[i] : parms;
    if (name === 'Crypt') throw new PdfProblem('encrypted');
    if (name === 'FlateDecode') data = unpredict(inflate(data, budget), params);
    else if (name === 'LZWDecode') data = unpredict(withPdfLib(data, name, params, context, budget), params);
    else if (name === 'ASCIIHexDecode' || name === 'ASCII85Decode' || name === 'RunLengthDecode') {
      data = withPdfLib(data, name, params, context, budget);
    } else return { data, complete: false };
  }
  return { data, complete: true };
}
