import type { SchemaFile } from './schemaFiles.js';
import type { SchemaProblem } from './schemaProblems.js';

/** The menu area a page file sits in: `pages/brand/brand-detail.json` → `brand`; none for a file directly under pages/. */
export function pageArea(file: string): string | undefined {
  const parts = file.split('/');
  return parts.length === 3 && parts[0] === 'pages' ? parts[1] : undefined;
}

/**
 * Page files follow the menu: each sits in the folder of its menu area (`schemas/pages/<area>/`),
 * and a page nested under another in the menu sits in its parent's folder. Only the files in the
 * repository are held to this; a version made in the designer has no file and may move a page.
 */
export function pageFolderProblems(files: SchemaFile[]): SchemaProblem[] {
  const pages = files.filter((f) => f.kind === 'pages');
  const areaOfRoute = new Map(pages.map((p) => [p.body.path as string, pageArea(p.file)]));
  const problems: SchemaProblem[] = [];
  for (const p of pages) {
    const area = pageArea(p.file);
    if (area === undefined) {
      problems.push({ file: p.file, message: '页面文件应放在其菜单区域的目录中：schemas/pages/<区域>/<文件>.json' });
      continue;
    }
    const parent = p.body.parent;
    if (typeof parent !== 'string') continue;
    const parentArea = areaOfRoute.get(parent);
    if (parentArea !== undefined && parentArea !== area) {
      problems.push({ file: p.file, at: '/parent', message: `上级页面 ${parent} 在 pages/${parentArea}/ 中，本页面也应放在那里` });
    }
  }
  return problems;
}
