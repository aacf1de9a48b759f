import { Worker } from 'node:worker_threads';

/**
 * Runs a worker module once with `input` and resolves with the one message it posts. A module of
 * the sources (`.ts`, under the tests and `npm run dev`) is loaded through tsx's own import, since
 * a worker thread does not take the loader the main thread was started with; the bundle's
 * (`npm start`) is plain JavaScript beside the server's own.
 */
export function runInWorker<T>(module: URL, input: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fromSources = module.pathname.endsWith('.ts');
    const url = JSON.stringify(module.href);
    const worker = fromSources
      ? new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${url}, ${url}))`, { eval: true, workerData: input })
      : new Worker(module, { workerData: input });
    let answered = false;
    worker.once('message', (message: T) => {
      answered = true;
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`worker ${module.pathname} ended with code ${code} without an answer`));
    });
  });
}

/** A worker module beside the caller: its `.ts` source when the caller runs from the sources, else the bundled `.mjs`. */
export function workerModule(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.mjs'}`, callerUrl);
}
