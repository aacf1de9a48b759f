import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import * as antd from 'antd';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { antdTheme } from '../src/web/theme/antdTheme.js';
import { DEFAULT_GLOBAL_STATE } from '../src/web/theme/globalStore.js';

const SOURCE_ROOT = fileURLToPath(new URL('../src', import.meta.url));
const require = createRequire(import.meta.url);
type StyleHook = (prefixCls: string) => unknown;
const formItemStyle = (require('@formily/antd-v5/lib/form-item/style/index.js') as { default: StyleHook }).default;

const components = antd as unknown as Record<string, unknown>;
const isComponent = (value: unknown) => typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/**
 * The antd components the product's code imports (`import { … } from 'antd'` under src/). Only
 * these are baked: every baked component adds rules a browser matches against every element of
 * every page (antd's resets select on `[class^="ant-…"]`), so styles no page uses would slow all of them.
 */
export function importedAntdComponents(sourceRoot = SOURCE_ROOT): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, list] of readFileSync(join(sourceRoot, file), 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)) {
      for (const entry of list!.split(',')) {
        const name = entry.trim().split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && isComponent(components[name])) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** Registers the styles of the Formily item, which every schema form shows. */
function FormilyItemStyle(): null {
  formItemStyle('ant-formily-item');
  return null;
}

type AnyComponent = ComponentType<Record<string, unknown>>;
const element = (type: unknown, props: Record<string, unknown> = {}, ...children: ReactElement[]) => createElement(type as AnyComponent, props, ...children);
const panel = (overlay: unknown) =>
  element((overlay as { _InternalPanelDoNotUseOrYouWillBeFired: unknown })._InternalPanelDoNotUseOrYouWillBeFired, { title: ' ' });

/**
 * How to render a component so that it registers its styles, where rendering it bare would not:
 * overlays render into a portal, which a render in Node leaves out (their inline panels carry the
 * same styles); some components need props or a child; some parts (a text area, a sider) have styles of their own.
 */
const RENDERINGS: Record<string, () => ReactElement[]> = {
  ConfigProvider: () => [],
  Modal: () => [element(antd.Modal, { open: true })],
  Drawer: () => [panel(antd.Drawer)],
  Popover: () => [panel(antd.Popover)],
  Tooltip: () => [panel(antd.Tooltip)],
  Popconfirm: () => [panel(antd.Popconfirm)],
  App: () => [element(antd.App), panel(antd.message), panel(antd.notification)],
  Dropdown: () => [element(antd.Dropdown, { menu: { items: [] } }, element('span'))],
  Menu: () => [element(antd.Menu, { items: [] })],
  // A field of a form brings the item's own small style part too.
  Form: () => [element(antd.Form, {}, element(antd.Form.Item, { label: ' ' }, element('span')))],
  Tree: () => [element(antd.Tree, { treeData: [] })],
  Input: () => [antd.Input, antd.Input.TextArea, antd.Input.Password, antd.Input.Search, antd.Input.OTP].map((part) => element(part)),
  DatePicker: () => [element(antd.DatePicker), element(antd.DatePicker.RangePicker)],
  Layout: () => [element(antd.Layout), element(antd.Layout.Sider)],
  Typography: () => [antd.Typography.Text, antd.Typography.Title, antd.Typography.Paragraph, antd.Typography.Link].map((part) => element(part)),
  Avatar: () => [element(antd.Avatar), element(antd.Avatar.Group)],
  Badge: () => [element(antd.Badge), element(antd.Badge.Ribbon)],
  Image: () => [element(antd.Image), element(antd.Image.PreviewGroup)],
  Upload: () => [element(antd.Upload), element(antd.Upload.Dragger)],
  Space: () => [element(antd.Space), element(antd.Space.Compact)],
  // A tag of a preset colour brings the styles of every preset colour, one of a status those of every status.
  Tag: () => [element(antd.Tag), element(antd.Tag, { color: 'blue' }), element(antd.Tag, { color: 'success' })],
};

/**
 * Formily's item styles write a few selectors with a doubled dot (`..ant-formily-item-…`). A
 * browser drops such a rule when antd inserts it; the build's minifier refuses the whole file, so
 * the rules are dropped here, as the browser would.
 */
export function withoutInvalidRules(css: string): string {
  return css.replace(/[^{}]*\.\.[^{}]*\{[^{}]*\}/g, '');
}

/**
 * One of antd's per-component box-sizing resets: a component's element (`:where(.css-…)` with
 * `[class^="ant-x"]`, `[class*=" ant-x"]` or `.ant-x`), maybe an element of the same kind inside it,
 * maybe `::before` or `::after`.
 */
const BOX_SIZING_SELECTOR = /^:where\(\.css-[\w-]+\)(\[class[\^*]=" ?ant-[\w-]+"\]|\.ant-[\w-]+)( \[class[\^*]=" ?ant-[\w-]+"\])?(::before|::after)?$/;
const BOX_SIZING_RULE = /(?<=^|[{}])([^{}@]+)\{box-sizing:border-box;?\}/g;
/** What antd's resets give every element of a component, given once for every antd element, with no weight of its own. */
export const SHARED_BOX_SIZING =
  ':where([class^="ant-"],[class*=" ant-"]),:where([class^="ant-"],[class*=" ant-"])::before,:where([class^="ant-"],[class*=" ant-"])::after{box-sizing:border-box;}';

/**
 * antd gives each component a dozen or more selectors that only set `box-sizing: border-box` on the
 * component's elements, all on `[class^="ant-…"]` and `[class*=" ant-…"]`. A browser matches such a
 * selector against every element with a class, so with some forty components every new element was
 * checked against about 520 of them: half the style work of a table row. They are replaced by one
 * rule over every antd element. It weighs nothing (`:where`), so antd's few `content-box` rules, all
 * weightier, still win; and antd's elements are all meant to be `border-box`.
 */
export function withSharedBoxSizing(css: string): string {
  let replaced = false;
  const out = css.replace(BOX_SIZING_RULE, (rule, selectors: string) => {
    if (!selectors.split(',').every((selector) => BOX_SIZING_SELECTOR.test(selector.trim()))) return rule;
    replaced = true;
    return '';
  });
  return replaced ? `${SHARED_BOX_SIZING}${out}` : out;
}

/**
 * The styles of the antd components the product uses (and of the Formily item) under the default
 * appearance (orange primary, light, motion on), rendered once in Node. The text ends with antd's
 * map of the style paths it holds, which antd reads on the page: a component whose styles are in
 * the map is neither styled again in the browser nor given a <style> tag, which otherwise costs a
 * page's first render tens of milliseconds per component type. Other appearances (dark, another
 * colour, reduced motion) have other tokens, so antd styles them at run time as before.
 */
export function defaultThemeStyle(names = importedAntdComponents()): string {
  const cache = createCache();
  const parts = names.flatMap((name) => RENDERINGS[name]?.() ?? [element(components[name])]);
  const page = element(antd.ConfigProvider, { theme: antdTheme(DEFAULT_GLOBAL_STATE, false) }, ...parts, element(FormilyItemStyle));
  renderToString(element(StyleProvider, { cache }, page));
  return withSharedBoxSizing(withoutInvalidRules(extractStyle(cache, true)));
}

/** antd fixes its class-name prefix by NODE_ENV when first loaded; styles with the development prefix match only a development build. */
const DEVELOPMENT_PREFIX = 'css-dev-only';

const MODULE_ID = 'virtual:antd-static-style.css';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `import 'virtual:antd-static-style.css'`: the baked styles in a production build, nothing in
 * development, where antd's class names carry a development prefix the baked styles would not match.
 */
export function antdStaticStyle(): Plugin {
  let production = false;
  return {
    name: 'antd-static-style',
    configResolved(config) {
      production = config.isProduction && config.command === 'build';
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID || !production) return id === RESOLVED_ID ? '' : undefined;
      const css = defaultThemeStyle();
      if (!css.includes(DEVELOPMENT_PREFIX)) return css;
      this.warn('NODE_ENV 不是 production：antd 的类名带开发前缀，不烘焙默认外观的样式，页面在运行时生成');
      return '';
    },
  };
}
