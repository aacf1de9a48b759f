import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PDF_WORKER_PATH } from '../../shared/product.js';

const require = createRequire(import.meta.url);

/** The worker file of the installed pdfjs-dist, and an ETag that changes with its version. */
export function pdfWorkerFile(): { file: string; etag: string; size: number } {
  const packageJson = require.resolve('pdfjs-dist/package.json');
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  const file = join(dirname(packageJson), 'build', 'pdf.worker.min.mjs');
  return { file, etag: `"pdfjs-${version}"`, size: statSync(file).size };
}

/**
 * Streams pdf.js's worker as JavaScript. The address carries no version, so browsers revalidate
 * after an hour and get 304 while the installed version is unchanged (a mismatched worker fails).
 */
export function registerPdfWorker(app: FastifyInstance): void {
  const worker = pdfWorkerFile();
  app.get(PDF_WORKER_PATH, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('etag', worker.etag);
    if (request.headers['if-none-match'] === worker.etag) return reply.status(304).send();
    return reply.type('text/javascript; charset=utf-8').header('content-length', worker.size).send(createReadStream(worker.file));
  });
}
