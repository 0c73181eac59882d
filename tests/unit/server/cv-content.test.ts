import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CV_RULES, cvChoiceProblem, cvDisplayName } from '../../../domain/careers-cv-rules.ts';
import { type ByteSource, bufferSource, sniffCv } from '../../../server/careers/cv-content.ts';
import { docFile, docxFile, pdfFile, zipFile } from '../../fixtures/cv-files.ts';

/**
 * Issue 37 item 9: a CV is judged by its bytes — a PDF, a Word document (.docx) or a legacy Word
 * document (.doc) — never by its name or declared type; a ZIP's directory is read, nothing inflated.
 */

/** A byte source that counts what it was asked to read. */
function counted(bytes: Buffer): ByteSource & { readBytes: () => number } {
  let total = 0;
  const source = bufferSource(bytes);
  return {
    size: source.size,
    read: async (offset, length) => {
      const read = await source.read(offset, length);
      total += read.length;
      return read;
    },
    readBytes: () => total,
  };
}

const sniff = (bytes: Buffer) => sniffCv(bufferSource(bytes));

describe('sniffCv', () => {
  it('recognises a real PDF, Word document and legacy Word document', async () => {
    expect(await sniff(pdfFile())).toBe('pdf');
    expect(await sniff(docxFile())).toBe('docx');
    expect(await sniff(docFile())).toBe('doc');
  });

  it('refuses HTML, plain text and a script saved as .pdf', async () => {
    for (const text of [
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      '<html>%PDF-1.4</html>',
      ' %PDF-1.4 with a space first',
      'Jo Citizen\nCurriculum vitae\n',
      '#!/bin/sh\nrm -rf /\n',
    ]) {
      expect(await sniff(Buffer.from(text))).toBeNull();
    }
  });

  it('refuses an image, an empty file and a few stray bytes', async () => {
    expect(await sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toBeNull();
    expect(await sniff(Buffer.alloc(0))).toBeNull();
    expect(await sniff(Buffer.from('%PDF'))).toBeNull();
  });

  it('refuses a ZIP that is not a Word document (a spreadsheet, a bare archive)', async () => {
    expect(
      await sniff(zipFile({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' })),
    ).toBeNull();
    expect(await sniff(zipFile({ 'word/document.xml': '<w:document/>' }))).toBeNull();
    expect(await sniff(zipFile({ 'payload.exe': 'MZ' }))).toBeNull();
  });

  it('refuses a compound file whose header is not one a Word document has', async () => {
    const broken = docFile();
    broken.writeUInt16LE(0xfeff, 28);
    expect(await sniff(broken)).toBeNull();
    expect(await sniff(docFile().subarray(0, 512))).toBeNull();
  });

  it('reads only the end and the directory of a ZIP bomb (50 MB of zeros as word/document.xml), inflating nothing', async () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    const bomb = zipFile({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml': zeros,
    });
    expect(bomb.length).toBeLessThan(CV_RULES.maxBytes);
    const source = counted(bomb);
    // Accepted as what it claims to be, a .docx; it is stored as sent and never opened here.
    expect(await sniffCv(source)).toBe('docx');
    // Its head, its last 64 kB (the end record and any comment) and its directory: never 50 MB.
    expect(source.readBytes()).toBeLessThanOrEqual(32 + 22 + 0xffff + 200);
    expect(deflateRawSync(zeros).length).toBeLessThan(0xffff);
  });

  it('refuses a ZIP whose directory claims more entries than it has, or lies outside the file', async () => {
    const many = docxFile();
    const end = many.length - 22;
    many.writeUInt16LE(0xffff, end + 8);
    many.writeUInt16LE(0xffff, end + 10);
    expect(await sniff(many)).toBeNull();
    const outside = docxFile();
    outside.writeUInt32LE(outside.length + 100, outside.length - 22 + 16);
    expect(await sniff(outside)).toBeNull();
    const truncated = docxFile();
    expect(await sniff(truncated.subarray(0, truncated.length - 30))).toBeNull();
  });
});

describe('cvDisplayName', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\jo\\My CV.docx', 'My CV.docx'],
    ['<img src=x onerror=alert(1)>.pdf', 'img srcx onerroralert(1).pdf'],
    ['Jo\u0000\u202eCitizen.pdf', 'JoCitizen.pdf'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['', 'cv.pdf'],
    ['////', 'cv.pdf'],
  ])('%j is shown as %j', (name, shown) => {
    expect(cvDisplayName(name, 'pdf')).toBe(shown);
  });

  it('keeps at most 100 characters', () => {
    expect(cvDisplayName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(100);
  });
});

describe('cvChoiceProblem (the browser’s first look)', () => {
  it('takes a .pdf, .doc or .docx under 5 MB, whatever type the browser names', () => {
    for (const name of ['cv.pdf', 'CV.PDF', 'cv.doc', 'cv.docx']) {
      expect(cvChoiceProblem({ name, size: 1000, type: '' })).toBeNull();
    }
  });

  it('refuses another kind of file, an empty one and one of 5 MB or more', () => {
    expect(cvChoiceProblem({ name: 'cv.txt', size: 1000, type: 'text/plain' })).toBe(CV_RULES.wrongType);
    expect(cvChoiceProblem({ name: 'cv.pdf.exe', size: 1000, type: '' })).toBe(CV_RULES.wrongType);
    expect(cvChoiceProblem({ name: 'cv.pdf', size: 0, type: 'application/pdf' })).toBe(CV_RULES.wrongType);
    expect(cvChoiceProblem({ name: 'cv.pdf', size: CV_RULES.maxBytes, type: 'application/pdf' })).toBe(
      CV_RULES.tooBig,
    );
  });
});
