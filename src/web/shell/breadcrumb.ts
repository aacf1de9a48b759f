import type { PageDefinition } from '../../generated/types.js';

/** Titles from the top of the menu down to the page, following `parent` links. */
export function breadcrumbOf(pages: PageDefinition[], page: PageDefinition | undefined): { path: string; title: string }[] {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const chain: { path: string; title: string }[] = [];
  const seen = new Set<string>();
  for (let current = page; current && !seen.has(current.path); current = current.parent ? byPath.get(current.parent) : undefined) {
    seen.add(current.path);
    chain.unshift({ path: current.path, title: current.title });
  }
  return chain;
}

/** The menu entries to open so the page's own entry (or its activeMenu) is visible. */
export function openMenuKeys(pages: PageDefinition[], page: PageDefinition | undefined): string[] {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const target = page?.activeMenu ? byPath.get(page.activeMenu) : page;
  return breadcrumbOf(pages, target)
    .slice(0, -1)
    .map((c) => c.path);
}
