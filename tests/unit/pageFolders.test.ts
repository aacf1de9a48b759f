import { describe, expect, it } from 'vitest';
import { pageArea, pageFolderProblems } from '../../src/schemaSource/pageFolders.js';
import { loadSchemaFiles, schemaId, type SchemaFile } from '../../src/schemaSource/schemaFiles.js';

const real = loadSchemaFiles();
const page = (file: string, body: Record<string, unknown>): SchemaFile => ({ kind: 'pages', file, id: schemaId(file), body });

describe('page files follow the menu', () => {
  it('reads every page from its area folder, and the pages as they stand pass', () => {
    const pages = real.filter((f) => f.kind === 'pages');
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.find((p) => p.body.path === '/brandManage/brandRecord')?.file).toBe('pages/brand/brand-manage-brand-record.json');
    expect(pages.every((p) => pageArea(p.file) !== undefined)).toBe(true);
    expect(pageFolderProblems(real)).toEqual([]);
  });

  it('finds a page outside any area folder, and a child away from its parent', () => {
    const loose = page('pages/loose.json', { path: '/loose', title: '散落' });
    const stray = page('pages/system/brand-stray.json', { path: '/brand/stray', title: '走散', parent: '/brandManage/brandRecord' });
    expect(pageFolderProblems([...real, loose, stray])).toEqual([
      { file: 'pages/loose.json', message: expect.stringContaining('schemas/pages/<区域>/') },
      { file: 'pages/system/brand-stray.json', at: '/parent', message: '上级页面 /brandManage/brandRecord 在 pages/brand/ 中，本页面也应放在那里' },
    ]);
  });
});
