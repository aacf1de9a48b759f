// @ts-check
/**
 * The server as one bundle of its TypeScript sources (dist/server/start.mjs under the project root),
 * for `npm start` (launch.mjs). Packages stay outside the bundle and load as usual. Plain
 * JavaScript on purpose: it has to run before anything can compile TypeScript.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} projectRoot */
export function serverBundlePaths(projectRoot) {
  const outDir = join(projectRoot, 'dist', 'server');
  return { outDir, bundle: join(outDir, 'start.mjs'), manifest: join(outDir, 'inputs.json') };
}

/**
 * True when the bundle exists and none of the files it was built from changed after its build began.
 * @param {string} projectRoot
 */
export function bundleIsCurrent(projectRoot) {
  const { bundle, manifest } = serverBundlePaths(projectRoot);
  if (!existsSync(bundle) || !existsSync(manifest)) return false;
  /** @type {{ builtFrom: number, inputs: string[] }} */
  const { builtFrom, inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
  return inputs.every((input) => {
    const path = join(projectRoot, input);
    return existsSync(path) && statSync(path).mtimeMs < builtFrom;
  });
}

/**
 * Writes a file under a temporary name, then renames it: a server starting at the same moment never reads half of it.
 * @param {string} path
 * @param {string | Uint8Array} contents
 */
function replaceFile(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Worker threads the server starts by file (runInWorker.ts): bundled beside start.mjs, each as `<name>.mjs`. */
const WORKER_ENTRIES = ['src/server/trademarks/imageHashWorker.ts'];

/**
 * Bundles src/server/start.ts, and the worker threads' modules beside it, and records which files went into them.
 * @param {string} projectRoot
 */
export async function bundleServer(projectRoot) {
  const { build } = await import('esbuild');
  const { outDir, bundle, manifest } = serverBundlePaths(projectRoot);
  const builtFrom = Date.now();
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: ['src/server/start.ts', ...WORKER_ENTRIES],
    outdir: outDir,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  // The workers first: a server starting from the new start.mjs finds the workers it names.
  const outputs = [...result.outputFiles].sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle));
  for (const output of outputs) replaceFile(output.path, output.contents);
  // The bundling code itself is an input too: a change to how the bundle is made rebuilds it.
  const inputs = [...Object.keys(result.metafile.inputs), 'src/server/serverBundle.mjs'];
  replaceFile(manifest, JSON.stringify({ builtFrom, inputs }));
}
