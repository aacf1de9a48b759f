import { useEffect, useState } from 'react';
import { Tabs } from 'antd';
import { RecursionField, Schema, useExpressionScope, useFieldSchema } from '@formily/react';
import type { SectionTabsProps } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';

const TAB_PARAM = 'tab';

/** Writes the open tab into the address without a navigation, so a reload or a shared link opens it again. */
function rememberTab(key: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(TAB_PARAM, key);
  window.history.replaceState(window.history.state, '', url);
}

/** Each child in a tab titled by its `title`; a tab is rendered once first opened, then kept. A tab whose `x-visible` is false is left out, title and all. A link with ?tab= opens that tab, also on a page kept open. */
export function SectionTabs({ defaultTab }: SectionTabsProps) {
  const schema = useFieldSchema();
  const runtime = useRuntime();
  const scope = useExpressionScope();
  const shown = (property: Schema) => property['x-visible'] === undefined || Boolean(Schema.compile(property['x-visible'], scope));
  const keys = schema.mapProperties((property, name) => (shown(property) ? String(name) : null)).filter((k): k is string => k !== null);
  const asked = runtime.query.get(TAB_PARAM);
  const [active, setActive] = useState(() => (asked && keys.includes(asked) ? asked : defaultTab && keys.includes(defaultTab) ? defaultTab : keys[0]));
  // A link to a tab of a page kept open (another shell tab) opens that tab.
  const askedKnown = asked !== null && keys.includes(asked);
  useEffect(() => {
    if (askedKnown && asked) setActive(asked);
  }, [asked, askedKnown]);
  return (
    <Tabs
      className="ipm-section-tabs"
      activeKey={active}
      onChange={(key) => {
        setActive(key);
        rememberTab(key);
      }}
      items={schema
        .mapProperties((property, name) => ({ property, name }))
        .filter(({ property }) => shown(property))
        .map(({ property, name }) => ({
          key: String(name),
          label: property.title ?? String(name),
          children: <RecursionField name={name} schema={property} />,
        }))}
    />
  );
}
