import { CV_LABEL, CV_NOT_READY } from './careers-cv.ts';

/**
 * The careers CV's rules and texts (issue 37 item 9; `careers-cv.ts` has what the forms' definitions
 * need): what the browser checks before sending, what the server stores and shows, and the messages.
 */

export { CV_FIELD, CV_ID } from './careers-cv.ts';

/** The CV's rules and the messages a shopper reads. */
export const CV_RULES = {
  /** 5 MB: 5 MB itself is one byte too many, as for photos. */
  maxBytes: 5 * 1024 * 1024,
  /** What the file chooser offers. */
  accept: '.pdf,.doc,.docx',
  label: CV_LABEL,
  hint: 'A PDF or Word file (.pdf, .doc, .docx) up to 5 MB.',
  wrongType: 'Please attach your CV as a PDF or Word file (.pdf, .doc or .docx)',
  tooBig: 'Please attach a CV under 5 MB',
  failed: 'Your CV could not be uploaded. Please try again.',
  /** A submit while the CV is still on its way. */
  notReady: CV_NOT_READY,
  /** A submit naming a CV this site did not take, took too long ago, or another lead used. */
  expired: 'Your CV upload has expired. Please attach it again.',
} as const;

/** How long a stored CV may wait for its careers enquiry: two hours. */
export const CV_CLAIM_HOURS = 2;

/** What the server recognised a CV as. */
export type CvKind = 'pdf' | 'docx' | 'doc';

/** Each kind's content type and file extension, as stored and served. */
export const CV_KINDS: Record<CvKind, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  doc: { contentType: 'application/msword', extension: 'doc' },
};

const NAMES = /\.(pdf|docx?)$/i;

/** A file as the browser chose it. */
export interface ChosenCv {
  name: string;
  size: number;
  type: string;
}

/**
 * The browser's first look at a chosen file, before a byte is sent: its name must end .pdf, .doc or
 * .docx (browsers name Word's types differently, so the type is not read) and it must be under 5 MB;
 * the server judges its bytes. Null when it may be sent.
 */
export function cvChoiceProblem(file: ChosenCv): string | null {
  if (!NAMES.test(file.name)) return CV_RULES.wrongType;
  if (file.size >= CV_RULES.maxBytes) return CV_RULES.tooBig;
  if (file.size === 0) return CV_RULES.wrongType;
  return null;
}

/**
 * A file name as text to show, never as a path or a key: the last segment of any path, control
 * and markup characters and anything outside printable text dropped, spaces collapsed, at most 100
 * characters; `cv.<extension>` when nothing is left.
 */
export function cvDisplayName(name: string, kind: CvKind): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()'-]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+/, '')
    .trim()
    .slice(0, 100);
  return clean === '' ? `cv.${CV_KINDS[kind].extension}` : clean;
}

/** What the upload answers: the stored CV's id, and its name and size to show. */
export interface StoredCv {
  cv_id: string;
  name: string;
  size: number;
}

/** The upload service's input: the chosen file and its name. */
export interface CvUploadCall {
  file: Blob;
  name: string;
}
