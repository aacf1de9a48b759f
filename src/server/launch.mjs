// @ts-check
/**
 * `npm start`: runs the server from one bundle of its TypeScript sources, bundled again first when
 * a file it was built from has changed. Node then loads one plain module; running the sources
 * through a TypeScript loader compiled each module on its own, behind a loader thread, on every start.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent, bundleServer, serverBundlePaths } from './serverBundle.mjs';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
if (!bundleIsCurrent(projectRoot)) await bundleServer(projectRoot);
await import(pathToFileURL(serverBundlePaths(projectRoot).bundle).href);
