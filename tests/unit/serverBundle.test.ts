import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleIsCurrent, bundleServer, serverBundlePaths } from '../../src/server/serverBundle.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project with a two-module server, where the bundling code counts as a source as it does in the real one. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'ipm-bundle-'));
  roots.push(root);
  mkdirSync(join(root, 'src', 'server'), { recursive: true });
  writeFileSync(join(root, 'src', 'server', 'greeting.ts'), "export const greeting: string = '你好';\n");
  writeFileSync(join(root, 'src', 'server', 'start.ts'), "import { greeting } from './greeting.js';\nexport const said = `${greeting}，世界`;\n");
  writeFileSync(join(root, 'src', 'server', 'serverBundle.mjs'), '// stands in for the bundling code\n');
  // The worker threads' modules are bundled beside the server's.
  mkdirSync(join(root, 'src', 'server', 'trademarks'));
  writeFileSync(join(root, 'src', 'server', 'trademarks', 'imageHashWorker.ts'), "export const worker: string = '图样';\n");
  utimesSync(join(root, 'src', 'server', 'trademarks', 'imageHashWorker.ts'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const written = new Date(Date.now() - 60_000);
  for (const name of ['greeting.ts', 'start.ts', 'serverBundle.mjs']) utimesSync(join(root, 'src', 'server', name), written, written);
  return root;
}

/** Marks a file as changed now, a little after the bundle that came before, and waits so the next bundle starts after it. */
async function touch(path: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const now = new Date();
  utimesSync(path, now, now);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the server bundle', () => {
  it('is missing at first, then built from the sources and current', async () => {
    const root = project();
    expect(bundleIsCurrent(root)).toBe(false);
    await bundleServer(root);
    expect(bundleIsCurrent(root)).toBe(true);
    const built = (await import(pathToFileURL(serverBundlePaths(root).bundle).href)) as { said: string };
    expect(built.said).toBe('你好，世界');
    const worker = (await import(pathToFileURL(join(serverBundlePaths(root).outDir, 'imageHashWorker.mjs')).href)) as { worker: string };
    expect(worker.worker).toBe('图样');
  });

  it('is out of date once a module it imports changes, and current again after bundling', async () => {
    const root = project();
    await bundleServer(root);
    const greeting = join(root, 'src', 'server', 'greeting.ts');
    writeFileSync(greeting, "export const greeting: string = '您好';\n");
    await touch(greeting);
    expect(bundleIsCurrent(root)).toBe(false);
    await bundleServer(root);
    expect(bundleIsCurrent(root)).toBe(true);
    const rebuilt = (await import(`${pathToFileURL(serverBundlePaths(root).bundle).href}?again`)) as { said: string };
    expect(rebuilt.said).toBe('您好，世界');
  });

  it('is out of date when the bundling code changes or a source is gone', async () => {
    const root = project();
    await bundleServer(root);
    const bundling = join(root, 'src', 'server', 'serverBundle.mjs');
    await touch(bundling);
    expect(bundleIsCurrent(root)).toBe(false);
    await bundleServer(root);
    rmSync(join(root, 'src', 'server', 'greeting.ts'));
    expect(bundleIsCurrent(root)).toBe(false);
  });
});
