import { chromium, type Browser } from '@playwright/test';
import { letterHtml, type LetterFixture } from './cnipaLetters.js';

/** Prints letters as CNIPA's PDFs (a text layer) and as scans (a picture of the page), in Chromium. */
export class LetterPrinter {
  private browser: Promise<Browser> | undefined;

  private async page() {
    this.browser ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    return (await this.browser).newPage({ viewport: { width: 800, height: 1000 } });
  }

  async pdf(letter: LetterFixture): Promise<Buffer> {
    const page = await this.page();
    try {
      await page.setContent(letterHtml(letter));
      return await page.pdf({ format: 'A4', printBackground: true });
    } finally {
      await page.close();
    }
  }

  /** A "scan": the printed page as a PNG picture, no text layer. */
  async scan(letter: LetterFixture): Promise<Buffer> {
    const page = await this.page();
    try {
      await page.setContent(letterHtml(letter));
      return await page.screenshot({ fullPage: true, type: 'png' });
    } finally {
      await page.close();
    }
  }

  /** A scanned PDF: the page's picture printed as a PDF page, with no text layer, as a scanner makes it. */
  async scannedPdf(letter: LetterFixture): Promise<Buffer> {
    const picture = (await this.scan(letter)).toString('base64');
    const page = await this.page();
    try {
      await page.setContent(`<!doctype html><html><body style="margin:0"><img style="width:100%" src="data:image/png;base64,${picture}"></body></html>`);
      return await page.pdf({ format: 'A4', printBackground: true });
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    if (this.browser) await (await this.browser).close();
  }
}
