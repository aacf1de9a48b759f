import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, Popover, Select } from 'antd';
import type { ClassificationEntry, ClassPickerProps as DescribedProps } from '../../generated/types.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePublishLabels } from '../../runtime/fieldLabels.js';
import { ClassColumns } from './ClassColumns.js';
import { ClassSearchResults } from './ClassSearchResults.js';
import {
  choiceLabel,
  choices,
  emptyClassValue,
  LEVEL_NAMES,
  lockedLevel,
  normaliseClassValue,
  removeChoice,
  toggleNode,
  valueOfNode,
  type ClassLevel,
  type ClassPickerValue,
} from './classPickerValue.js';
import './classPicker.css';

/** Spec 001 §9: the class picker's input waits 500 ms; its popover is 300px high. */
const SEARCH_DEBOUNCE_MS = 500;

export type ClassPickerProps = DescribedProps & {
  value?: Partial<ClassPickerValue>;
  onChange?: (value: ClassPickerValue) => void;
  disabled?: boolean;
};

const tagKey = (level: ClassLevel, text: string) => `${level}:${text}`;

/**
 * 商品分类选择器: classes, similar groups and goods from the imported classification, read page
 * by page from the server. The first choice fixes the level; clearing frees every level.
 */
export function ClassPicker({ value: rawValue, onChange, disabled, placeholder = '请选择大类、类似群或商品', maxTagCount }: ClassPickerProps) {
  const value = useMemo(() => normaliseClassValue(rawValue), [rawValue]);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  // Names of chosen classes and groups, learnt as they are picked or looked up for restored values.
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const missing = useMemo(() => {
    const categories = value.categories.filter((t) => !names.has(tagKey(0, t)));
    const groups = value.groups.filter((t) => !names.has(tagKey(1, t)));
    return categories.length + groups.length > 0 ? { categories, groups } : null;
  }, [value, names]);
  const lookup = useOperation('classification.lookup', missing);
  useEffect(() => {
    if (lookup.data?.length) remember(lookup.data);
  }, [lookup.data]);

  function remember(entries: ClassificationEntry[]) {
    setNames((old) => {
      const next = new Map(old);
      for (const e of entries) if (e.dirLevel < 2) next.set(tagKey(e.dirLevel as ClassLevel, valueOfNode(e)), e.cgName);
      return next;
    });
  }

  const chosen = useMemo(() => choices(value).map((c) => ({ ...c, label: choiceLabel(c.level, c.text, names) })), [value, names]);
  const options = chosen.map((c) => ({ value: tagKey(c.level, c.text), label: c.label }));
  // The filter bar's chip shows these names for the values of whichever level is filled.
  usePublishLabels(useMemo(() => chosen.map((c) => ({ value: c.text, label: c.label })), [chosen]));

  const toggle = (entry: ClassificationEntry) => {
    remember([entry]);
    onChange?.(toggleNode(value, entry));
  };
  const clear = () => onChange?.(emptyClassValue());

  // Removing a tag or clearing must not also open or close the panel.
  const keepPanel = useRef(false);
  const locked = lockedLevel(value);

  const panel = (
    <div className="ipm-class-picker-panel" style={{ height: 300 }}>
      <Input
        allowClear
        size="middle"
        placeholder="搜索大类、类似群或商品名称、编号"
        aria-label="搜索商品分类"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {keyword ? <ClassSearchResults keyword={keyword} value={value} onToggle={toggle} /> : <ClassColumns value={value} onToggle={toggle} />}
      {locked !== null && <div className="ipm-class-picker-hint">已按“{LEVEL_NAMES[locked]}”选择，清空后可选择其他层级</div>}
    </div>
  );

  return (
    <Popover
      open={open && !disabled}
      onOpenChange={(next) => {
        if (keepPanel.current) keepPanel.current = false;
        else setOpen(next);
      }}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      content={panel}
      overlayClassName="ipm-class-picker-popover"
    >
      <div
        className="ipm-class-picker"
        onMouseDownCapture={(e) => {
          if ((e.target as HTMLElement).closest('.ant-select-selection-item-remove, .ant-select-clear')) keepPanel.current = true;
        }}
      >
        <Select
          mode="multiple"
          open={false}
          showSearch={false}
          style={{ width: '100%' }}
          value={options.map((o) => o.value)}
          options={options}
          placeholder={placeholder}
          allowClear
          disabled={disabled}
          maxTagCount={maxTagCount ?? 'responsive'}
          onDeselect={(key: string) => {
            const [level, ...rest] = key.split(':');
            onChange?.(removeChoice(value, Number(level) as ClassLevel, rest.join(':')));
          }}
          onClear={clear}
        />
      </div>
    </Popover>
  );
}
