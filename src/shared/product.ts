/** The product name that follows every page title (spec 000 §1: the {product} suffix). */
export const PRODUCT_NAME = '商标知识产权管理平台';

export function documentTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Request timeout of every call (spec 000 §9): 30 minutes. */
export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

/** Where the PDF previewer's worker is served (spec 001 §9). */
export const PDF_WORKER_PATH = '/pdf.worker.js';
