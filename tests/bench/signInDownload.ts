import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Target: the JavaScript a browser downloads before sign-in, gzip. */
export const SIGN_IN_JS_TARGET_BYTES = 350_000;

/** A built file as the server sends it: its gzip copy where the build wrote one (files of 1 KB and more), else as it is. */
function sentBytes(path: string): number {
  return existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : statSync(path).size;
}

/** The files a built module imports statically (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads on use. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?<![\w$.])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/**
 * The JavaScript the sign-in page downloads: the scripts dist/web/index.html loads and preloads,
 * and every file those import statically, at the size the server sends (gzip).
 */
export function javaScriptBeforeSignIn(webDir: string): { files: string[]; bytes: number } {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    pending.push(...staticImports(readFileSync(join(webDir, 'assets', file), 'utf8')));
  }
  const bytes = [...files].reduce((sum, file) => sum + sentBytes(join(webDir, 'assets', file)), 0);
  return { files: [...files], bytes };
}
