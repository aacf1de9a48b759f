import { createRequire } from 'node:module';
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { Plugin } from 'vite';
import { Avatar, Badge, ConfigProvider, DatePicker, Drawer, Image, Input, Layout, message, Modal, notification, Popconfirm, Popover, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';
import { antdTheme } from '../src/web/theme/antdTheme.js';
import { DEFAULT_GLOBAL_STATE } from '../src/web/theme/globalStore.js';

const require = createRequire(import.meta.url);
type StyleHook = (prefixCls: string) => unknown;
const formItemStyle = (require('@formily/antd-v5/lib/form-item/style/index.js') as { default: StyleHook }).default;

/** Registers the styles of the Formily item, which every schema form shows and antd's own list leaves out. */
function FormilyItemStyle(): null {
  formItemStyle('ant-formily-item');
  return null;
}

/**
 * Components whose styles the extraction's list of antd components does not reach: overlays,
 * which it leaves out as they render into a portal (their inline panels carry the same styles),
 * parts such as the text area or the layout's sider, and the Formily item.
 */
const beyondTheList = (): ReactNode[] => [
  createElement(Modal, { key: 'modal', open: true }),
  ...[Drawer, Popover, Tooltip, Popconfirm, message, notification].map((overlay, i) =>
    createElement(overlay._InternalPanelDoNotUseOrYouWillBeFired as ComponentType<{ title: string }>, { key: `panel-${i}`, title: ' ' }),
  ),
  ...[Input.TextArea, Input.Password, Input.Search, Input.OTP, DatePicker.RangePicker, Layout.Sider, Typography.Text, Typography.Title, Typography.Paragraph, Typography.Link, Avatar.Group, Badge.Ribbon, Image.PreviewGroup, Upload.Dragger, Space.Compact].map((part, i) =>
    createElement(part as ComponentType<object>, { key: `part-${i}` }),
  ),
  // A coloured tag brings the styles of every preset colour.
  createElement(Tag, { key: 'tag-colour', color: 'blue' }),
  createElement(FormilyItemStyle, { key: 'formily-item' }),
];

/**
 * Formily's item styles write a few selectors with a doubled dot (`..ant-formily-item-…`). A
 * browser drops such a rule when antd inserts it; the build's minifier refuses the whole file, so
 * the rules are dropped here, as the browser would.
 */
export function withoutInvalidRules(css: string): string {
  return css.replace(/[^{}]*\.\.[^{}]*\{[^{}]*\}/g, '');
}

const MODULE_ID = 'virtual:antd-static-style.css';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Every antd component's styles under the default appearance (orange primary, light, motion on),
 * rendered once in Node. The text ends with antd's map of the style paths it holds, which antd
 * reads on the page: a component whose styles are in the map is neither styled again in the
 * browser nor given a <style> tag, which otherwise costs a page's first render tens of
 * milliseconds per component type. Other appearances (dark, another colour, reduced motion) have
 * other tokens, so antd styles them at run time as before.
 */
export function defaultThemeStyle(): string {
  const css = withoutInvalidRules(extractStyle((node) => createElement(ConfigProvider, { theme: antdTheme(DEFAULT_GLOBAL_STATE, false) }, createElement(Fragment, null, node, ...beyondTheList()))));
  // antd fixes its class-name prefix when first loaded; a development prefix would match no page of a production build.
  if (css.includes('css-dev-only')) throw new Error('antd 的样式须在 NODE_ENV=production 下生成（先于加载 antd 设置）');
  return css;
}

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
      if (id !== RESOLVED_ID) return undefined;
      return production ? defaultThemeStyle() : '';
    },
  };
}
