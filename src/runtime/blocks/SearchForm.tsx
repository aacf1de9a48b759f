import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { RecursionField, useField, useFieldSchema, useForm, useFormEffects } from '@formily/react';
import { onFieldInputValueChange, type Field } from '@formily/core';
import { fieldsWithin } from '../sectionFields.js';
import { useBlockQuery } from '../pageQueries.js';
import { createAutoSubmitter } from '../debounce.js';
import { isEmptyCondition, resetConditions } from './filterConditions.js';
import { ConditionChips } from './ConditionChips.js';
import type { SearchFormProps } from '../../generated/types.js';

const conditionsOf = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmptyCondition(v)));

/**
 * 搜索表单: fields from the schema that fold away (收起/展开), with 显示全部 for the ones past the
 * first few; 查 询 checks every field's own rules before the conditions become the page query's, and
 * the conditions searched with stay visible as chips. With auto search, edits submit by themselves.
 */
export function SearchForm({ channel, visibleCount = 3, autoSearch = false, defaultCollapsed = false, excludeKeys = [] }: SearchFormProps) {
  const form = useForm();
  const section = useField();
  const schema = useFieldSchema();
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const [showAll, setShowAll] = useState(false);
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const query = useBlockQuery(channel);

  const fields = () => fieldsWithin(form, section.address.toString());
  const valuesOf = (list: Field[] = fields()) => Object.fromEntries(list.map((f) => [f.path.toString(), f.value]));
  const order = schema.mapProperties((_, name) => String(name));

  const publish = (values: Record<string, unknown>) => {
    setApplied(values);
    query.setConditions(conditionsOf(values));
  };

  /** Every field checked by its own rules; a failing field is brought into view. */
  const submit = async () => {
    const list = fields();
    // A field that fails its rules rejects with its errors; they show on the field itself.
    const results = await Promise.all(
      list.map((f) =>
        f.validate().then(
          () => f.selfErrors.length === 0,
          () => false,
        ),
      ),
    );
    const failing = list.filter((_, i) => !results[i]);
    if (failing.length > 0) {
      setCollapsed(false);
      if (failing.some((f) => order.indexOf(String(f.props.name)) >= visibleCount)) setShowAll(true);
      return;
    }
    publish(valuesOf(list));
  };

  // Effects are registered once; they must reach the props and submit of the latest render.
  const latest = useRef({ submit, autoSearch });
  latest.current = { submit, autoSearch };
  const submitter = useMemo(() => createAutoSubmitter(() => void latest.current.submit()), []);
  useFormEffects(() => {
    onFieldInputValueChange(`${section.address.toString()}.*`, () => {
      if (latest.current.autoSearch) submitter.change();
    });
  });
  useEffect(() => () => submitter.cancel(), [submitter]);

  const setAll = (values: Record<string, unknown>) => {
    for (const f of fields()) f.setValue(values[f.path.toString()]);
    void submit();
  };

  const reset = async () => {
    submitter.cancel();
    const list = fields();
    const cleared = resetConditions(valuesOf(list));
    for (const f of list) {
      f.setValue(cleared[f.path.toString()]);
      // A reset is not a submission: no rule messages for the now empty fields.
      f.setSelfErrors([]);
    }
    publish(cleared);
  };

  useEffect(() => {
    // The table may still hold conditions from an earlier visit: start from the defaults.
    publish(valuesOf());
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel]);

  const items = schema.mapProperties((property, name) => <RecursionField key={name} name={name} schema={property} />);
  const hasMore = items.length > visibleCount;

  return (
    <div className="ipm-search-form" onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && void submit()}>
      <div className="ipm-search-form-fields" style={{ display: collapsed ? 'none' : undefined }}>
        {items.map((child, i) => (
          <div key={i} className="ipm-filter-field" style={{ display: !showAll && i >= visibleCount ? 'none' : undefined }}>
            {child}
          </div>
        ))}
      </div>
      <div className="ipm-search-form-actions">
        <Space>
          {!collapsed && (
            <>
              <Button onClick={() => void reset()}>重 置</Button>
              <Button type="primary" onClick={() => void submit()}>
                查 询
              </Button>
            </>
          )}
          {!collapsed && hasMore && (
            <Checkbox checked={showAll} onChange={(e) => setShowAll(e.target.checked)}>
              显示全部
            </Checkbox>
          )}
          <Button type="link" onClick={() => setCollapsed(!collapsed)}>
            {collapsed ? '展开' : '收起'} {collapsed ? <DownOutlined /> : <UpOutlined />}
          </Button>
        </Space>
      </div>
      <ConditionChips applied={applied} fields={fields()} excludeKeys={excludeKeys} onChange={setAll} />
    </div>
  );
}
