import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import type { PersonOption, PersonSearchProps as DescribedProps } from '../../generated/types.js';
import { useDebounced } from '../useDebounced.js';
import { useRuntime } from '../runtimeContext.js';

/** Spec 001 §7: the person search asks for page 0 of 30; §9: filter searches wait 300 ms. */
const PAGE = { pageNo: 0, pageSize: 30 } as const;
const SEARCH_DEBOUNCE_MS = 300;
export const EMPTY_SEARCH_TEXT = '请输入搜索内容';

export type PersonSearchProps = DescribedProps & {
  value?: PersonOption[];
  onChange?: (value: PersonOption[]) => void;
  disabled?: boolean;
};

/**
 * 人员搜索: colleagues found by name, account or phone, chosen into a list of {id, name}.
 * Nothing is sent while the search text is empty; the dropdown says what to do instead.
 */
export function PersonSearch({ placeholder = '请输入姓名、账号或手机号搜索', multiple = true, value, onChange, disabled }: PersonSearchProps) {
  const runtime = useRuntime();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<{ search: string; people: PersonOption[] } | null>(null);

  useEffect(() => {
    if (!search) return;
    let current = true;
    runtime
      .callOperation('person.getUserList', { search, ...PAGE })
      .then((people) => current && setFound({ search, people }))
      .catch(() => current && setFound({ search, people: [] }));
    return () => {
      current = false;
    };
  }, [search, runtime]);

  const chosen = value ?? [];
  const searching = typed.trim() !== '' && found?.search !== typed.trim();
  const people = typed.trim() && found?.search === typed.trim() ? found.people : [];

  return (
    <Select
      className="ipm-person-search"
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      labelInValue
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={multiple ? chosen.map((p) => ({ value: p.id, label: p.name })) : chosen[0] ? { value: chosen[0].id, label: chosen[0].name } : undefined}
      options={people.map((p) => ({ value: p.id, label: p.name }))}
      notFoundContent={!typed.trim() ? EMPTY_SEARCH_TEXT : searching ? <Spin size="small" /> : '未找到相关人员'}
      onChange={(next: { value: number; label: unknown }[] | { value: number; label: unknown } | undefined) => {
        const list = next === undefined ? [] : Array.isArray(next) ? next : [next];
        onChange?.(
          list.map((o) => ({ id: o.value, name: typeof o.label === 'string' ? o.label : (chosen.find((p) => p.id === o.value)?.name ?? String(o.label)) })),
        );
        if (!multiple) setTyped('');
      }}
    />
  );
}
