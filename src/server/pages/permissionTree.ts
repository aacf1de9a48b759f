import type { ComponentDescription, DictDefinition, PageDefinition, PermissionNode } from '../../generated/types.js';
import { isMenuPage } from './buildMenu.js';

/** The group of the keys no menu page places; not a permission key, so never stored in a role. */
export const OTHER_PERMISSIONS = '$other';

export interface PermissionSources {
  pages: readonly PageDefinition[];
  components: readonly ComponentDescription[];
  /** schemas/dicts/permissions.json */
  dict: DictDefinition;
}

/** Props holding a permission key in a page body: `x-permission`, a button's `permission`, `editPermission`… */
const PERMISSION_PROP = /^(x-permission|permission|[a-z][A-Za-z]*Permission)$/;

const isExpression = (value: string) => /^\{\{[\s\S]*\}\}$/.test(value.trim());

/** What a component checks by itself: the keys it declares, and the defaults of its permission props. */
interface ComponentKeys {
  declared: readonly string[];
  defaults: readonly [prop: string, key: string][];
}

function componentKeys(components: readonly ComponentDescription[]): Map<string, ComponentKeys> {
  return new Map(
    components.map((c) => {
      const props = (c.props.properties ?? {}) as Record<string, { format?: string; default?: unknown }>;
      const defaults = Object.entries(props)
        .filter(([, p]) => p.format === 'permission' && typeof p.default === 'string')
        .map(([name, p]): [string, string] => [name, p.default as string]);
      return [c.name, { declared: c.permissions ?? [], defaults }];
    }),
  );
}

/** Every permission key a page body names, in order of appearance: on nodes, in component props (dialogs and buttons included), and by the components it uses. */
export function pageBodyKeys(body: unknown, components: ReadonlyMap<string, ComponentKeys>): string[] {
  const keys: string[] = [];
  const add = (key: string) => {
    if (!isExpression(key) && !keys.includes(key)) keys.push(key);
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    const used = typeof node['x-component'] === 'string' ? components.get(node['x-component']) : undefined;
    if (used) {
      used.declared.forEach(add);
      const given = (node['x-component-props'] ?? {}) as Record<string, unknown>;
      for (const [prop, key] of used.defaults) if (given[prop] === undefined) add(key);
    }
    for (const [name, child] of Object.entries(node)) {
      if (typeof child === 'string') {
        if (PERMISSION_PROP.test(name)) add(child);
      } else walk(child);
    }
  };
  walk(body);
  return keys;
}

const byMenuOrder = (a: PageDefinition, b: PageDefinition) => (a.order ?? 0) - (b.order ?? 0) || a.path.localeCompare(b.path);

/**
 * The tree a role's keys are chosen on, from the schemas alone. Menu pages give the structure: a
 * page's menu key is a node under the node of the nearest page above it with a key of its own (a
 * page sharing its parent's key adds nothing but its buttons). Under each menu key are the other
 * keys its pages name (buttons, dialogs, components that check a key themselves). Each key appears
 * once, where menu order first meets it; the keys of the dictionary no menu page places, and any a
 * page names outside the menu, are in a last group 其他权限. Titles are the dictionary's labels, else
 * the page title.
 */
export function buildPermissionTree({ pages, components, dict }: PermissionSources): PermissionNode[] {
  const labels = new Map(dict.items.map((i) => [String(i.value), i.label]));
  const menuKeys = new Set(pages.map((p) => p.menuKey).filter((k): k is string => Boolean(k)));
  const used = componentKeys(components);
  const menuPages = pages.filter(isMenuPage);
  const childrenOf = new Map<string | undefined, PageDefinition[]>();
  for (const page of menuPages) childrenOf.set(page.parent, [...(childrenOf.get(page.parent) ?? []), page]);

  const roots: PermissionNode[] = [];
  const nodes = new Map<string, PermissionNode>();
  const named: string[] = [];
  const node = (key: string, kind: PermissionNode['kind'], fallback: string, under: PermissionNode[]): PermissionNode => {
    const made: PermissionNode = { key, title: labels.get(key) ?? fallback, kind, children: [] };
    nodes.set(key, made);
    under.push(made);
    return made;
  };

  const visit = (page: PageDefinition, owner: PermissionNode | null) => {
    const key = page.menuKey;
    const own = key ? (nodes.get(key) ?? node(key, 'menu', page.title, owner ? owner.children : roots)) : owner;
    for (const button of pageBodyKeys(page.body, used)) {
      if (!named.includes(button)) named.push(button);
      if (own && !menuKeys.has(button) && !nodes.has(button)) node(button, 'button', button, own.children);
    }
    for (const child of (childrenOf.get(page.path) ?? []).sort(byMenuOrder)) visit(child, own);
  };
  for (const page of (childrenOf.get(undefined) ?? []).sort(byMenuOrder)) visit(page, null);

  // Pages outside the menu name keys too: those no menu page placed join the dictionary's leftovers.
  for (const page of pages.filter((p) => !isMenuPage(p))) for (const key of pageBodyKeys(page.body, used)) if (!named.includes(key)) named.push(key);
  const others = [...new Set([...labels.keys(), ...named])].filter((key) => !nodes.has(key));
  const tree = roots.map(function buttonsFirst(n): PermissionNode {
    const children = n.children.map(buttonsFirst);
    return { ...n, children: [...children.filter((c) => c.kind === 'button'), ...children.filter((c) => c.kind !== 'button')] };
  });
  if (others.length > 0) {
    tree.push({
      key: OTHER_PERMISSIONS,
      title: '其他权限',
      kind: 'group',
      children: others.map((key) => ({ key, title: labels.get(key) ?? key, kind: menuKeys.has(key) ? 'menu' : 'button', children: [] })),
    });
  }
  return tree;
}

/** Every permission key of a tree (groups are not keys). */
export function treeKeys(tree: readonly PermissionNode[]): string[] {
  return tree.flatMap((n) => [...(n.kind === 'group' ? [] : [n.key]), ...treeKeys(n.children)]);
}
