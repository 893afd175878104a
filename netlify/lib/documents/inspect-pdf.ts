/**
 * Judges a PDF as a reader would read it, refusing what a reader would run, open or submit:
 * encryption; JavaScript anywhere; /Launch, /SubmitForm and /ImportData actions anywhere; an
 * automatic action (/OpenAction, /AA) other than going to a page; embedded files (/EF,
 * /EmbeddedFiles, /EmbeddedFile, /RichMedia); XFA forms; a clickable link to anything but a web
 * page, an email or a phone number. Two nets: every object pdf-lib's parser reads (object streams
 * opened, every filter decoded), and the names in the raw and decoded bytes. A file too large or
 * too deep to judge, or that cannot be parsed, is refused too.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { PdfProblem, type PdfProblemKind } from './inspect-pdf-decode.ts';
import { eachName } from './inspect-pdf-names.ts';
import { readPdf, resolveAll, type ReadPdf } from './inspect-pdf-parse.ts';

type Finding = 'encrypted' | 'javascript' | 'program' | 'embedded' | 'xfa' | 'automatic' | 'link';

const PRINT_AGAIN = 'Print it to a new PDF (File > Print > Save as PDF) and upload that';
/** In the order they are told: the first one found is the message. */
const MESSAGES: Record<Finding | Exclude<PdfProblemKind, 'encrypted'>, string> = {
  encrypted: 'The PDF is password-protected or encrypted. Save it without a password and upload it again',
  javascript: `The PDF contains JavaScript. ${PRINT_AGAIN}`,
  program: `The PDF has actions that start programs or send data. ${PRINT_AGAIN}`,
  embedded: 'The PDF has files embedded in it. Upload a PDF without attachments',
  xfa: `The PDF is an XFA form. ${PRINT_AGAIN}`,
  automatic: `The PDF runs actions when opened. ${PRINT_AGAIN}`,
  link: 'The PDF has a link that opens a file or a program rather than a web page. Remove that link and upload the PDF again',
  'too-complex': `This PDF is too complex to check. ${PRINT_AGAIN}`,
  unreadable: `This PDF could not be read. ${PRINT_AGAIN}`,
};

/** Names refused wherever they stand, as a key or a value. */
const REFUSED_NAMES: Record<string, Finding> = {
  Encrypt: 'encrypted',
  JavaScript: 'javascript',
  JS: 'javascript',
  Launch: 'program',
  SubmitForm: 'program',
  ImportData: 'program',
  EF: 'embedded',
  EmbeddedFile: 'embedded',
  EmbeddedFiles: 'embedded',
  RichMedia: 'embedded',
  RichMediaContent: 'embedded',
  XFA: 'xfa',
};
/** Short names could be chance bytes inside compressed data: they count only in PDF syntax. */
const SHORT_NAMES = new Set(['JS', 'EF', 'XFA']);
const REFUSED = new Map(Object.entries(REFUSED_NAMES).map(([key, finding]) => [PDFName.of(key), finding]));
const AUTOMATIC_GOTO_KEYS = new Set(['Type', 'S', 'D', 'Next']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const N = (key: string) => PDFName.of(key);

function namesNet(findings: Set<Finding>) {
  return (name: string, syntax: boolean) => {
    const finding = REFUSED_NAMES[name];
    if (finding && (syntax || !SHORT_NAMES.has(name))) findings.add(finding);
  };
}

/** An automatic action may only go to a page of this document (a destination, or /S /GoTo). */
function checkAutomatic(read: ReadPdf, value: PDFObject | undefined, findings: Set<Finding>, seen: Set<PDFObject>) {
  for (const action of resolveAll(read, value)) {
    if (seen.has(action)) continue;
    seen.add(action);
    if (action instanceof PDFArray && action.asArray().some((item) => item instanceof PDFDict)) {
      for (const item of action.asArray()) checkAutomatic(read, item, findings, seen);
    }
    if (!(action instanceof PDFDict)) continue;
    const types = resolveAll(read, action.get(N('S')));
    const onlyGoTo = types.length > 0 && types.every((type) => type === N('GoTo'));
    if (!onlyGoTo || action.keys().some((key) => !AUTOMATIC_GOTO_KEYS.has(key.decodeText()))) findings.add('automatic');
    checkAutomatic(read, action.get(N('Next')), findings, seen);
  }
}

function checkLink(read: ReadPdf, action: PDFDict, findings: Set<Finding>) {
  for (const uri of resolveAll(read, action.get(N('URI')))) {
    if (!(uri instanceof PDFString || uri instanceof PDFHexString)) continue;
    const text = uri.decodeText().trim();
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
    if (scheme ? !LINK_SCHEMES.has(scheme) : /^[\\/]/.test(text)) findings.add('link');
  }
}

function walk(read: ReadPdf, object: PDFObject, findings: Set<Finding>) {
  if (object instanceof PDFRawStream) return walk(read, object.dict, findings);
  if (object instanceof PDFName) {
    const finding = REFUSED.get(object);
    if (finding) findings.add(finding);
  } else if (object instanceof PDFArray) {
    for (const item of object.asArray()) walk(read, item, findings);
  } else if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const finding = REFUSED.get(key);
      if (finding) findings.add(finding);
      if (key === N('OpenAction')) checkAutomatic(read, value, findings, new Set());
      if (key === N('AA')) {
        for (const triggers of resolveAll(read, value)) {
          if (triggers instanceof PDFDict) for (const action of triggers.values()) checkAutomatic(read, action, findings, new Set());
          else findings.add('automatic');
        }
      }
      walk(read, value, findings);
    }
    if (resolveAll(read, object.get(N('S'))).includes(N('URI'))) checkLink(read, object, findings);
  }
}

function refuseFirst(findings: Set<Finding>) {
  const first = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((kind) => findings.has(kind as Finding));
  return first ? MESSAGES[first] : undefined;
}

/**
 * The reason to refuse this PDF, or undefined when a reader would only show it. `names: false`
 * leaves the names net out, to test that the parser alone sees each attack.
 */
export async function pdfRefusal(bytes: Uint8Array, { names = true } = {}): Promise<string | undefined> {
  const findings = new Set<Finding>();
  const net = names ? namesNet(findings) : () => {};
  eachName(bytes, net);
  const early = refuseFirst(findings);
  if (early) return early;
  let read: ReadPdf;
  try {
    read = await readPdf(bytes, (data, syntax) => eachName(data, net, syntax));
  } catch (error) {
    const kind = error instanceof PdfProblem ? error.kind : 'unreadable';
    return refuseFirst(findings) ?? MESSAGES[kind];
  }
  if (read.context.trailerInfo.Encrypt) findings.add('encrypted');
  for (const object of read.objects) walk(read, object, findings);
  return refuseFirst(findings);
}
