import type { MenuEntry, PageDefinition } from '../../generated/types.js';

export function isMenuPage(page: PageDefinition): boolean {
  return page.inMenu ?? !page.public;
}

function toEntry(page: PageDefinition, children: MenuEntry[], toolLinks: Record<string, string>): MenuEntry {
  return {
    path: page.path,
    name: page.path.replace(/^\//, '').replace(/\//g, '-') || 'home',
    ...(page.redirect ? { redirect: page.redirect } : {}),
    meta: {
      icon: page.icon ?? '',
      title: page.title,
      isLink: page.externalTool ? (toolLinks[page.externalTool] ?? '') : '',
      iframe: false,
      isHide: page.hidden ?? false,
      isFull: page.full ?? false,
      isAffix: page.affix ?? false,
      isKeepAlive: page.keepAlive ?? false,
      menuKey: page.menuKey ?? '',
      activeMenu: page.activeMenu ?? '',
    },
    children,
  };
}

/**
 * The menu tree of a user: menu pages nested by `parent`, ordered by `order`, without any page
 * whose menu key the role lacks (and so without its children). External tools carry their
 * configured address in `isLink`.
 */
export function buildMenu(pages: PageDefinition[], permissions: ReadonlySet<string>, toolLinks: Record<string, string> = {}): MenuEntry[] {
  const visible = pages.filter((p) => isMenuPage(p) && (!p.menuKey || permissions.has(p.menuKey)));
  const byParent = new Map<string | undefined, PageDefinition[]>();
  for (const page of visible) {
    const list = byParent.get(page.parent) ?? [];
    list.push(page);
    byParent.set(page.parent, list);
  }
  const build = (parent: string | undefined): MenuEntry[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.path.localeCompare(b.path))
      .map((page) => toEntry(page, build(page.path), toolLinks));
  return build(undefined);
}
