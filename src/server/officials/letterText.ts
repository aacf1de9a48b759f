import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import yauzl from 'yauzl';

const require = createRequire(import.meta.url);

/** A letter whose bytes cannot be read; the message says why, in the words the page shows. */
export class LetterUnreadable extends Error {}

export const ENCRYPTED_PDF = 'PDF 文件已加密，无法读取，请上传未加密的官文';
export const CORRUPT_PDF = 'PDF 文件已损坏或不完整，无法读取，请重新上传';
export const CORRUPT_DOCX = 'Word 文件已损坏，无法读取，请重新上传';

/** At most this many pages of a letter are read: a letter's facts are on its first pages. */
export const PAGES_READ = 5;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfjs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

function pdfjsAsset(folder: string): string {
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), folder)}/`;
}

/** The text of each page read, in reading order, a line break where pdf.js saw the end of a line. */
export interface PdfText {
  pageCount: number;
  pages: string[];
}

async function openPdf(bytes: Uint8Array) {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    // pdf.js takes the buffer over: a copy keeps the caller's bytes.
    data: new Uint8Array(bytes),
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    wasmUrl: pdfjsAsset('wasm'),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new LetterUnreadable(ENCRYPTED_PDF);
    throw new LetterUnreadable(CORRUPT_PDF);
  }
}

/** Reads a PDF's text layer, page by page. */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, PAGES_READ); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text);
      page.cleanup();
    }
    return { pageCount: doc.numPages, pages };
  } catch (err) {
    if (err instanceof LetterUnreadable) throw err;
    throw new LetterUnreadable(CORRUPT_PDF);
  } finally {
    await doc.destroy();
  }
}

/** Draws PDF pages as PNG pictures for the OCR, at a scale where a printed character is ~30 pixels. */
export async function renderPdfPages(bytes: Uint8Array, pageNumbers: number[]): Promise<Buffer[]> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const doc = await openPdf(bytes);
  try {
    const out: Buffer[] = [];
    for (const n of pageNumbers) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 2 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      out.push(await canvas.encode('png'));
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The text of a .docx letter: its document part with the markup taken out, a line per paragraph. */
export function docxText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new LetterUnreadable(CORRUPT_DOCX));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'word/document.xml') return zip.readEntry();
        found = true;
        // A letter's document part is small; a huge one is not a letter.
        if (entry.uncompressedSize > 20 * 1024 * 1024) return reject(new LetterUnreadable(CORRUPT_DOCX));
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new LetterUnreadable(CORRUPT_DOCX));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', () => reject(new LetterUnreadable(CORRUPT_DOCX)));
          stream.on('end', () => {
            const xml = Buffer.concat(chunks).toString('utf8');
            resolve(
              xml
                .replace(/<\/w:p>/g, '\n')
                .replace(/<w:tab\/>/g, ' ')
                .replace(/<[^>]+>/g, '')
                .replace(/&lt;/g, '<')
                .replace(/&gt;/g, '>')
                .replace(/&quot;/g, '"')
                .replace(/&apos;/g, "'")
                .replace(/&amp;/g, '&'),
            );
            zip.close();
          });
        });
      });
      zip.on('end', () => {
        if (!found) reject(new LetterUnreadable(CORRUPT_DOCX));
      });
      zip.on('error', () => reject(new LetterUnreadable(CORRUPT_DOCX)));
      zip.readEntry();
    });
  });
}

/** The folder of the offline Chinese OCR data (@tesseract.js-data/chi_sim), read from disk: nothing is fetched. */
export function ocrLanguageFolder(): string {
  return join(dirname(require.resolve('@tesseract.js-data/chi_sim/package.json')), '4.0.0_best_int');
}

/** A one-page PDF with one line of text: reading it loads pdf.js and its in-process worker. */
function smallestPdf(): Uint8Array {
  const stream = 'BT /F1 12 Tf 72 720 Td (warm) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * Loads pdf.js by reading a small PDF, for `npm start` once the server answers: the first load
 * takes seconds, better then than in the first letter someone uploads.
 */
export async function warmPdfReader(): Promise<void> {
  await pdfText(smallestPdf());
}
