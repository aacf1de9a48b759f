import { useState } from 'react';
import { Tabs } from 'antd';
import { RecursionField, useFieldSchema } from '@formily/react';
import type { SectionTabsProps } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';

const TAB_PARAM = 'tab';

/** Writes the open tab into the address without a navigation, so a reload or a shared link opens it again. */
function rememberTab(key: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(TAB_PARAM, key);
  window.history.replaceState(window.history.state, '', url);
}

/** Each child in a tab titled by its `title`; a tab is rendered once first opened, then kept. */
export function SectionTabs({ defaultTab }: SectionTabsProps) {
  const schema = useFieldSchema();
  const runtime = useRuntime();
  const keys = schema.mapProperties((_property, name) => String(name));
  const asked = runtime.query.get(TAB_PARAM);
  const [active, setActive] = useState(() => (asked && keys.includes(asked) ? asked : defaultTab && keys.includes(defaultTab) ? defaultTab : keys[0]));
  return (
    <Tabs
      className="ipm-section-tabs"
      activeKey={active}
      onChange={(key) => {
        setActive(key);
        rememberTab(key);
      }}
      items={schema.mapProperties((property, name) => ({
        key: String(name),
        label: property.title ?? String(name),
        children: <RecursionField name={name} schema={property} />,
      }))}
    />
  );
}
