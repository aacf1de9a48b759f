/** The tags view: pages the user has opened in this tab of the browser, affixed ones first. */
export interface PageTab {
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
}

const KEY = 'ipm-tabs';
const listeners = new Set<() => void>();

function read(): PageTab[] {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as PageTab[];
  } catch {
    return [];
  }
}

let tabs: PageTab[] = read();

function commit(next: PageTab[]): void {
  tabs = next;
  sessionStorage.setItem(KEY, JSON.stringify(tabs));
  listeners.forEach((l) => l());
}

export function openTabs(): PageTab[] {
  return tabs;
}

export function subscribeTabs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Affixed tabs stay in front, in their given order, and cannot be closed. */
export function setAffixedTabs(affixed: PageTab[]): void {
  const others = tabs.filter((t) => !affixed.some((a) => a.path === t.path));
  commit([...affixed.map((a) => ({ ...a, affix: true })), ...others.map((t) => ({ ...t, affix: false }))]);
}

export function visitTab(tab: Omit<PageTab, 'affix'>): void {
  const existing = tabs.find((t) => t.path === tab.path);
  if (existing) {
    if (existing.fullPath !== tab.fullPath || existing.title !== tab.title) {
      commit(tabs.map((t) => (t.path === tab.path ? { ...t, ...tab } : t)));
    }
    return;
  }
  commit([...tabs, { ...tab, affix: false }]);
}

/** Closes a tab; returns where to go when it was the one shown (its right or left neighbour). */
export function closeTab(path: string, currentPath: string): string | null {
  const index = tabs.findIndex((t) => t.path === path);
  if (index < 0 || tabs[index].affix) return null;
  const next = tabs.filter((t) => t.path !== path);
  commit(next);
  if (path !== currentPath) return null;
  const neighbour = next[index] ?? next[index - 1];
  return neighbour ? neighbour.fullPath : '/';
}

export function closeOtherTabs(path: string): void {
  commit(tabs.filter((t) => t.affix || t.path === path));
}

export function clearTabs(): void {
  commit([]);
}
