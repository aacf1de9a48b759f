import { Popover, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { CountryMemberTipProps } from '../../generated/types.js';
import { memberTipText } from './countryNotice.js';
import { useCountryList } from './useCountries.js';
import './countries.css';

/** 成员国提示: “欧盟（27 个成员国）”, listing the members on hover or click. */
export function CountryMemberTip({ code }: CountryMemberTipProps) {
  const { countries } = useCountryList();
  const union = countries.find((c) => c.code === code);
  if (!union) return null;
  return (
    <Popover
      trigger={['hover', 'click']}
      title={`${union.name}成员国（${union.members.length} 个）`}
      content={<div className="ipm-country-member-tip">{memberTipText(union, countries)}</div>}
      overlayClassName="ipm-country-member-tip-popover"
    >
      <Typography.Link className="ipm-country-member-tip-link">
        <InfoCircleOutlined /> {union.name}（{union.members.length} 个成员国）
      </Typography.Link>
    </Popover>
  );
}
