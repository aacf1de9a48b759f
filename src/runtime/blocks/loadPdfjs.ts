import { PDF_WORKER_PATH } from '../../shared/product.js';

type Pdfjs = typeof import('pdfjs-dist');
let loading: Promise<Pdfjs> | null = null;

/** pdf.js, fetched on the first preview only so the main bundle stays small; its worker comes from our server. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_PATH;
      return pdfjs;
    },
    (err: unknown) => {
      // A failed fetch (offline) may succeed next time.
      loading = null;
      throw err;
    },
  );
  return loading;
}
