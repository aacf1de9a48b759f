import type { ReactNode } from 'react';
import { Card, Checkbox, Space, Typography } from 'antd';
import type { Trademark } from '../../generated/types.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { CountryName } from '../countries/index.js';
import { GoodsGroupList } from './GoodsGroupList.js';
import { TrademarkStatusTag } from './TrademarkStatusTag.js';
import { classText, DEFAULT_COUNTRY, DEFAULT_SUBMIT_WAY, detailPath, markName, orDash } from './trademarkText.js';
import './trademarks.css';

const TRADEMARK = FIELD_TITLES.Trademark;

export interface TrademarkCardProps {
  record: Trademark;
  /** Shows the selection checkbox when given. */
  checked?: boolean;
  onCheck?: (checked: boolean) => void;
  /** Buttons at the card's foot. */
  actions?: ReactNode[];
  /**
   * The tags area (spec 001 §3 `minMap`): the tag part of the archive fills it; empty until then.
   */
  tags?: ReactNode;
  /** Custom-field values (spec 001 §3 `customFieldInfoVos`): filled by the custom-field part. */
  customFields?: ReactNode;
}

/** One mark as a card (spec 001 §3 "Trademark card"). */
export function TrademarkCard({ record, checked, onCheck, actions, tags, customFields }: TrademarkCardProps) {
  const runtime = useRuntime();
  const line = (label: string, value: ReactNode) => (
    <div className="tm-card-line">
      <span className="tm-card-label">{label}</span>
      <span className="tm-card-value">{value}</span>
    </div>
  );
  return (
    <Card size="small" className={`tm-card${checked ? ' tm-card-checked' : ''}`} actions={actions} data-testid={`tm-card-${record.id}`}>
      <div className="tm-card-head">
        {onCheck && <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={`选择 ${markName(record)}`} />}
        <FallbackImage className="tm-card-image" width={96} height={96} src={record.tmLogoUrl ?? undefined} alt={markName(record)} preview={false} />
        <div className="tm-card-title">
          <Typography.Link strong className="tm-card-name" onClick={() => runtime.navigate(detailPath(record.id))}>
            {markName(record)}
          </Typography.Link>
          <Space size={4} wrap>
            <TrademarkStatusTag value={record.tmStatus} />
            {record.oriTmStatus && (
              <Typography.Text type="secondary" className="tm-card-process">
                {record.oriTmStatus}
              </Typography.Text>
            )}
          </Space>
          {line(TRADEMARK.tmCl, classText(record.tmCl))}
          {line(TRADEMARK.appNo, orDash(record.appNo))}
        </div>
      </div>
      {line(TRADEMARK.applicant, orDash(record.applicant))}
      {line(TRADEMARK.countryCode, <CountryName value={record.countryCode || DEFAULT_COUNTRY} />)}
      {line(TRADEMARK.submitWay, record.submitWay || DEFAULT_SUBMIT_WAY)}
      <div className="tm-card-goods">
        <GoodsGroupList groups={record.goodServices} rows={2} />
      </div>
      {customFields && <div className="tm-card-custom-fields">{customFields}</div>}
      <div className="tm-card-tags" data-area="minMap">
        {tags}
      </div>
    </Card>
  );
}
