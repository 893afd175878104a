/**
 * Reads every object of a PDF with pdf-lib's parser, within limits. The parser walks the file
 * from start to end (objects missing from the xref table included); each stream is decoded here
 * through all its filters under one byte budget, and object streams (any stream with /N and
 * /First, as readers take them) are opened with the same depth limit. Every object read is kept,
 * also one whose number is used twice, since a reader may follow either.
 */
import {
  PDFName,
  PDFNumber,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { Budget, decodeStream, PdfProblem } from './inspect-pdf-decode.ts';

export const PDF_LIMITS = { decodedBytes: 64 * 1024 * 1024, depth: 100, values: 2_000_000, objects: 300_000 };

export type ReadPdf = {
  context: PDFContext;
  /** Every indirect object read, each version of a number reused. */
  objects: PDFObject[];
  versions: Map<string, PDFObject[]>;
};
/** Sees each decoded stream: `syntax` when it holds objects (object and xref streams). */
export type StreamScan = (data: Uint8Array, syntax: boolean) => void;

const name = (key: string) => PDFName.of(key);
const refKey = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber}`;

class Guard {
  depth = 0;
  values = 0;
  failure: PdfProblem | undefined;
  readonly budget = new Budget(PDF_LIMITS.decodedBytes);
  readonly objectStreams: PDFRawStream[] = [];
  readonly objects: PDFObject[] = [];
  readonly versions = new Map<string, PDFObject[]>();
  readonly scan: StreamScan;
  constructor(scan: StreamScan) {
    this.scan = scan;
  }

  fail(problem: PdfProblem): never {
    this.failure ??= problem;
    throw problem;
  }

  /** Runs one parse step one level deeper, refusing past the limits. */
  nest<T>(parse: () => T): T {
    if (++this.values > PDF_LIMITS.values || this.depth >= PDF_LIMITS.depth) this.fail(new PdfProblem('too-complex'));
    this.depth++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  record(context: PDFContext) {
    const assign = context.assign.bind(context);
    context.assign = (ref, object) => {
      if (this.objects.length >= PDF_LIMITS.objects) this.fail(new PdfProblem('too-complex'));
      this.objects.push(object);
      const seen = this.versions.get(refKey(ref));
      if (seen) seen.push(object);
      else this.versions.set(refKey(ref), [object]);
      assign(ref, object);
    };
  }

  /** Decodes a stream as it is read; object and xref streams come back decoded for the parser. */
  stream(stream: PDFRawStream): PDFRawStream {
    const { dict } = stream;
    const isObjectStream =
      dict.get(name('Type')) === name('ObjStm') ||
      (dict.get(name('N')) instanceof PDFNumber && dict.get(name('First')) instanceof PDFNumber);
    const isXref = dict.get(name('Type')) === name('XRef');
    if (!isObjectStream && !isXref && dict.get(name('Subtype')) === name('Image')) return stream;
    let decoded: ReturnType<typeof decodeStream>;
    try {
      decoded = decodeStream(stream, this.budget);
    } catch (error) {
      this.fail(error instanceof PdfProblem ? error : new PdfProblem('unreadable'));
    }
    this.scan(decoded.data, isObjectStream || isXref);
    if (!isObjectStream && !isXref) return stream;
    if (!decoded.complete) this.fail(new PdfProblem('unreadable'));
    const plain = dict.clone(dict.context);
    for (const key of ['Filter', 'DecodeParms', 'DP']) plain.delete(name(key));
    // pdf-lib would open a /Type /ObjStm stream itself, without the limits: it is opened below.
    if (isObjectStream) plain.delete(name('Type'));
    const opened = PDFRawStream.of(plain, decoded.data);
    if (isObjectStream) this.objectStreams.push(opened);
    return opened;
  }
}

class GuardedParser extends PDFParser {
  private readonly guard: Guard;
  constructor(bytes: Uint8Array, guard: Guard) {
    // No tick waits (the parse is one synchronous run), and no guessing past a broken object.
    super(bytes, Infinity, true, false, false);
    this.guard = guard;
    guard.record(this.context);
  }

  override parseObject(ref?: PDFRef): PDFObject {
    const object = this.guard.nest(() => super.parseObject(ref));
    return object instanceof PDFRawStream ? this.guard.stream(object) : object;
  }
}

class GuardedObjectStreamParser extends PDFObjectStreamParser {
  private readonly guard: Guard;
  constructor(stream: PDFRawStream, guard: Guard) {
    super(stream);
    this.guard = guard;
  }

  override parseObject(ref?: PDFRef): PDFObject {
    return this.guard.nest(() => super.parseObject(ref));
  }
}

/** Reads the whole file or throws a PdfProblem: too complex, unreadable or encrypted. */
export async function readPdf(bytes: Uint8Array, scan: StreamScan): Promise<ReadPdf> {
  const guard = new Guard(scan);
  try {
    const parser = new GuardedParser(bytes, guard);
    const context = await parser.parseDocument();
    for (const stream of guard.objectStreams) await new GuardedObjectStreamParser(stream, guard).parseIntoContext();
    return { context, objects: guard.objects, versions: guard.versions };
  } catch (error) {
    if (guard.failure) throw guard.failure;
    // pdf-lib's own errors, and a stack overflow on a pathological file: nothing left to judge.
    throw error instanceof PdfProblem ? error : new PdfProblem('unreadable');
  }
}

/** The objects a value stands for: itself, or every version of the object it refers to. */
export function resolveAll(read: ReadPdf, value: PDFObject | undefined): PDFObject[] {
  if (value === undefined) return [];
  return value instanceof PDFRef ? (read.versions.get(refKey(value)) ?? []) : [value];
}
