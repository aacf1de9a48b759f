import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { RecursionField, useField, useFieldSchema, useForm, useFormEffects } from '@formily/react';
import { onFieldInputValueChange } from '@formily/core';
import { fieldsWithin } from '../sectionFields.js';
import { useBlockQuery } from '../pageQueries.js';
import { useRuntime } from '../runtimeContext.js';
import { createDebouncer, filterSearchDelay } from '../debounce.js';
import { conditionsFromUrl, isEmptyCondition, othersOf, resetConditions, withoutParams, type UrlCondition } from './filterConditions.js';
import { ConditionChips } from './ConditionChips.js';
import type { FilterBarProps } from '../../generated/types.js';

/** Per user, so a shared browser does not hand one user's conditions to the next. */
const storageKey = (channel: string, userId: number | undefined) => `filter:${userId ?? 'guest'}:${channel}`;

/**
 * 筛选栏: labelled fields with 重 置 and 查 询, only the first four until 展开, and the chosen
 * conditions as chips under 已选条件： with 清空条件. Conditions survive a reload (local storage)
 * and are the conditions of the page's query the table lists by. The address may give the conditions named in
 * `urlParams` (a link to a filtered list): they then replace all others, and leave the address.
 */
export function FilterBar({ channel, visibleCount = 4, excludeKeys = [], searchOnChange = false, urlParams = [] }: FilterBarProps) {
  const form = useForm();
  const section = useField();
  const schema = useFieldSchema();
  const [expanded, setExpanded] = useState(false);
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const runtime = useRuntime();
  const query = useBlockQuery(channel);
  const userId = runtime.user?.id;
  const fromUrl = conditionsFromUrl(
    runtime.query,
    urlParams.map((name) => urlCondition(schema, name)),
  );
  const urlKey = fromUrl ? JSON.stringify(fromUrl) : '';

  const fields = () => fieldsWithin(form, section.address.toString());
  const valuesOf = () => Object.fromEntries(fields().map((f) => [f.path.toString(), f.value]));

  const debouncer = useMemo(createDebouncer, []);
  const search = (values = valuesOf()) => {
    debouncer.cancel();
    const conditions = Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmptyCondition(v)));
    localStorage.setItem(storageKey(channel, userId), JSON.stringify(values));
    setApplied(values);
    query.setConditions({ ...othersOf(query.conditions, values), ...conditions });
  };

  const setAll = (values: Record<string, unknown>) => {
    for (const f of fields()) f.setValue(values[f.path.toString()]);
    search(values);
  };

  /** Only the address's conditions, then the address without them: a tab or a reload does not apply them again over later changes. */
  const applyUrl = (conditions: Record<string, unknown>) => {
    setAll({ ...resetConditions(valuesOf()), ...conditions });
    runtime.navigate(withoutParams(window.location.pathname, runtime.query, urlParams), { replace: true });
  };
  const appliedUrl = useRef<string | null>(null);

  // The effect below is registered once; it must see the props and search of the latest render.
  const latest = useRef({ search, searchOnChange });
  latest.current = { search, searchOnChange };
  useFormEffects(() => {
    onFieldInputValueChange(`${section.address.toString()}.*`, (field) => {
      if (latest.current.searchOnChange) debouncer.schedule(() => latest.current.search(), filterSearchDelay(field.componentType));
    });
  });
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  useEffect(() => {
    let saved: Record<string, unknown>;
    try {
      saved = JSON.parse(localStorage.getItem(storageKey(channel, userId)) ?? '{}') as Record<string, unknown>;
    } catch {
      saved = {};
    }
    for (const f of fields()) if (f.path.toString() in saved) f.setValue(saved[f.path.toString()]);
    appliedUrl.current = urlKey;
    if (fromUrl) applyUrl(fromUrl);
    else search();
    // Restored once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, userId]);

  // A link to this page with conditions while it is kept open (another tab of the shell).
  useEffect(() => {
    if (appliedUrl.current === null || appliedUrl.current === urlKey) return;
    appliedUrl.current = urlKey;
    if (fromUrl) applyUrl(fromUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);

  // Each condition in a cell of its own, so the ones past the first few can fold away.
  const items = schema.mapProperties((property, name) => <RecursionField key={name} name={name} schema={property} />);
  const hasMore = items.length > visibleCount;

  return (
    <div className="ipm-filter-bar" onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && search()}>
      <div className="ipm-filter-fields">
        {items.map((child, i) => (
          <div key={i} className="ipm-filter-field" style={{ display: !expanded && i >= visibleCount ? 'none' : undefined }}>
            {child}
          </div>
        ))}
        <Space className="ipm-filter-actions">
          <Button onClick={() => setAll(resetConditions(valuesOf()))}>重 置</Button>
          <Button type="primary" onClick={() => search()}>
            查 询
          </Button>
          {hasMore && (
            <Button type="link" onClick={() => setExpanded(!expanded)}>
              {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
        </Space>
      </div>
      <ConditionChips applied={applied} fields={fields()} excludeKeys={excludeKeys} onChange={setAll} />
    </div>
  );
}

/** How the schema of the condition `name` reads from the address. */
function urlCondition(schema: ReturnType<typeof useFieldSchema>, name: string): UrlCondition {
  const property = schema.properties?.[name];
  const items = property?.items;
  return { name, type: property?.type as string | undefined, itemType: items && !Array.isArray(items) ? (items.type as string | undefined) : undefined };
}
