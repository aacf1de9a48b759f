import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../src/server/db/migrations/', import.meta.url);
const allowed = new Set(['kysely', '../tenantPolicy.js']);

describe('migrations', () => {
  it('each is self-contained: none imports another, so editing an old one cannot change what a new one does', () => {
    const offending = readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(new URL(file, folder), 'utf8').matchAll(/^\s*import\b[^'"]*['"]([^'"]+)['"]/gm)]
          .map((match) => match[1]!)
          .filter((source) => !allowed.has(source))
          .map((source) => `${file} → ${source}`),
      );
    expect(offending).toEqual([]);
  });
});
