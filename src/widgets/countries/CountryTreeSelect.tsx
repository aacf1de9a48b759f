import { useMemo, useState } from 'react';
import { Space } from 'antd';
import type { CountryTreeSelectProps as DescribedProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { TreeSelectAll } from '../../runtime/components/treeSelectAll/TreeSelectAll.js';
import { readTree, type TreeValue } from '../../runtime/components/treeSelectAll/treeSelection.js';
import { CountryMemberTip } from './CountryMemberTip.js';
import { CountryNoticePopover } from './CountryNoticePopover.js';
import { chosenUnions, concernsUnion } from './countryNotice.js';
import { useCountryList, useNoticePreference } from './useCountries.js';

export type CountryTreeSelectProps = DescribedProps & {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
};

const COUNTRY_FIELDS = { label: 'name', value: 'code', children: 'subList' };

/**
 * Countries from the organisation's country tree, groups chosen whole by 全选. Choosing the EU,
 * 非知, Benelux or one of their members brings up the regional-registration notice (unless the
 * user chose 下次不再提醒); a chosen union lists the countries it covers.
 */
export function CountryTreeSelect({
  placeholder = '请选择国家或地区',
  notice = true,
  memberTip = true,
  maxTagCount,
  value,
  onChange,
  disabled,
}: CountryTreeSelectProps) {
  const tree = useOperation('country.treeList', {});
  const { countries } = useCountryList();
  const nodes = useMemo(() => readTree(tree.data, COUNTRY_FIELDS, false), [tree.data]);
  const { preference, save } = useNoticePreference();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const selected = value ?? [];
  const unions = memberTip ? chosenUnions(selected, countries) : [];

  const onAdded = (added: TreeValue[]) => {
    if (notice && !preference.noRemind && concernsUnion(added, countries)) {
      // The notice is to be read: the dropdown makes way for it.
      setDropdownOpen(false);
      setNoticeOpen(true);
    }
  };

  return (
    <div className="ipm-country-tree-select">
      <CountryNoticePopover
        open={noticeOpen && !preference.noRemind}
        preference={preference}
        onAcknowledge={(noRemind) => {
          setNoticeOpen(false);
          if (noRemind) void save({ noRemind });
        }}
      >
        <div>
          <TreeSelectAll
            nodes={nodes}
            loading={tree.isLoading}
            value={selected}
            onChange={(next) => onChange?.(next.map(String))}
            onAdded={onAdded}
            open={dropdownOpen}
            onOpenChange={setDropdownOpen}
            placeholder={placeholder}
            maxTagCount={maxTagCount}
            disabled={disabled}
          />
        </div>
      </CountryNoticePopover>
      {unions.length > 0 && (
        <Space className="ipm-country-member-tips" size={12} wrap>
          {unions.map((u) => (
            <CountryMemberTip key={u.code} code={u.code as 'EM' | 'OA' | 'BX'} />
          ))}
        </Space>
      )}
    </div>
  );
}
