import type { PageDefinition, SiteListExternalToolSettingsResponse } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';

type ToolSetting = SiteListExternalToolSettingsResponse['list'][number];

/**
 * The address each external search tool opens: the organisation's own setting first, then the
 * operator's default from EXTERNAL_TOOLS. Tools with neither are left out.
 */
export async function toolAddresses(db: ScopedDb, defaults: Record<string, string>): Promise<Record<string, string>> {
  const own = await db.selectFrom('external_tool_addresses').select(['tool_key', 'url']).execute();
  return { ...defaults, ...Object.fromEntries(own.map((row) => [row.tool_key, row.url])) };
}

/** Each tool a page opens, in menu order, named by its menu place (two menus both have a 商标查询). */
export function toolTitles(pages: PageDefinition[]): Map<string, string> {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const place = (page: PageDefinition) => [page.parent ? (byPath.get(page.parent)?.order ?? 0) : 0, page.order ?? 0] as const;
  const tools = pages
    .flatMap((page) => (page.externalTool ? [{ page, key: page.externalTool }] : []))
    .sort((a, b) => place(a.page)[0] - place(b.page)[0] || place(a.page)[1] - place(b.page)[1] || a.page.path.localeCompare(b.page.path));
  const titles = new Map<string, string>();
  for (const { page, key } of tools) {
    if (titles.has(key)) continue;
    const parent = page.parent ? byPath.get(page.parent)?.title : undefined;
    titles.set(key, parent ? `${parent} / ${page.title}` : page.title);
  }
  return titles;
}

export async function toolSettings(db: ScopedDb, pages: PageDefinition[], defaults: Record<string, string>): Promise<ToolSetting[]> {
  const own = new Map((await db.selectFrom('external_tool_addresses').select(['tool_key', 'url']).execute()).map((r) => [r.tool_key, r.url]));
  return [...toolTitles(pages)].map(([key, title]) => {
    const url = own.get(key) ?? '';
    const defaultUrl = defaults[key] ?? '';
    return { key, title, url, defaultUrl, effectiveUrl: url || defaultUrl, source: url ? 'organisation' : defaultUrl ? 'default' : 'none' };
  });
}

/** Why an address cannot be a tool's address, naming the tool; null when it can. */
export function toolUrlProblem(url: string, title: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `“${title}”的地址不是有效的网址，应以 http:// 或 https:// 开头，例如 https://search.example.com`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `“${title}”的地址应以 http:// 或 https:// 开头`;
  if (!parsed.hostname) return `“${title}”的地址缺少主机名`;
  return null;
}
