import { createWorker, OEM, PSM } from 'tesseract.js';
import { ocrLanguageFolder } from './letterText.js';

/** One OCR at a time per process: each takes a core for seconds, and the server must keep answering. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads the writing in pictures (PNG or JPEG bytes) with tesseract.js, in its own worker thread,
 * with the Chinese data of @tesseract.js-data/chi_sim read from disk: nothing is fetched and
 * nothing is cached in the working directory. `onProgress` hears 0–100 over all the pictures.
 */
export function ocrText(images: Buffer[], onProgress: (percent: number) => void): Promise<string> {
  const run = async (): Promise<string> => {
    let current = 0;
    const worker = await createWorker('chi_sim', OEM.LSTM_ONLY, {
      langPath: ocrLanguageFolder(),
      gzip: true,
      cacheMethod: 'none',
      // A picture it cannot decode rejects the job; without a handler it would also throw in the event loop.
      errorHandler: () => undefined,
      logger: (m: { status: string; progress: number }) => {
        if (m.status === 'recognizing text') onProgress(Math.min(99, Math.round(((current + m.progress) / images.length) * 100)));
      },
    });
    try {
      // A letter is a page of text in blocks; spaces CJK text does not have are left out.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
      const texts: string[] = [];
      for (const image of images) {
        const { data } = await worker.recognize(image);
        texts.push(data.text);
        current += 1;
      }
      onProgress(100);
      // The OCR puts a space between Chinese characters; the letter has none.
      return texts.join('\n').replace(/(?<=[\u4e00-\u9fff：（）“”，。]) +(?=[\u4e00-\u9fff：（）“”，。\d])/g, '');
    } finally {
      await worker.terminate();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
