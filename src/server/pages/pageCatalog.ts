import type { Kysely } from 'kysely';
import type { ComponentDescription, DictDefinition, PageDefinition, PermissionNode } from '../../generated/types.js';
import { filesOfKind } from '../../schemaSource/schemaFiles.js';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { buildPermissionTree, treeKeys } from './permissionTree.js';

/**
 * The pages the web app renders: the built-in ones from schemas/pages, each replaceable per
 * organisation by a version published in schema_versions (the designer's store).
 */
export class PageCatalog {
  private constructor(
    private readonly builtIn: PageDefinition[],
    /** The tree a role's keys are chosen on (role.permissionTree): it depends on the built-in schemas only. */
    readonly permissionTree: PermissionNode[],
  ) {
    this.permissionKeys = treeKeys(permissionTree);
  }

  /** The keys a role may hold, in the tree's order. */
  readonly permissionKeys: readonly string[];

  static fromLibrary(library: SchemaLibrary): PageCatalog {
    const pages = library.builtIns('pages').map((f) => f.body as unknown as PageDefinition);
    const components = filesOfKind(library.files, 'components').map((f) => f.body as unknown as ComponentDescription);
    const dict = library.files.find((f) => f.file === 'dicts/permissions.json')?.body as unknown as DictDefinition;
    return new PageCatalog(
      pages.sort((a, b) => a.path.localeCompare(b.path)),
      buildPermissionTree({ pages, components, dict }),
    );
  }

  builtInPages(): PageDefinition[] {
    return this.builtIn;
  }

  /** Built-in pages with the organisation's published versions in their place. */
  async pagesFor(db: ScopedDb | Kysely<Database>): Promise<PageDefinition[]> {
    const published = await db.selectFrom('schema_versions').select(['key', 'body']).where('kind', '=', 'pages').where('status', '=', 'published').execute();
    if (published.length === 0) return this.builtIn;
    const override = new Map(published.map((row) => [row.key, row.body as PageDefinition]));
    const merged = this.builtIn.map((page) => override.get(page.path) ?? page);
    const builtInPaths = new Set(this.builtIn.map((p) => p.path));
    for (const [path, page] of override) if (!builtInPaths.has(path)) merged.push(page);
    return merged;
  }
}
