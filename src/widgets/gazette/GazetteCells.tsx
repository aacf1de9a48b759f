import { Space, Tag, Tooltip, Typography } from 'antd';
import type { GazetteDeadlineCellProps, GazetteMarkCellProps, GazetteReasonsCellProps } from '../../generated/types.js';
import { hitOf } from './gazetteLook.js';
import './gazette.css';

/** A mark in a row: its logo, name, number and class; theirs (the publication) or ours. */
export function GazetteMarkCell({ record, side = 'theirs' }: GazetteMarkCellProps) {
  const hit = hitOf(record);
  if (!hit) return null;
  const theirs = side === 'theirs';
  const logo = theirs ? hit.logoUrl : hit.ownLogoUrl;
  const name = (theirs ? hit.tmName : hit.ownTmName) || '（图形）';
  const appNo = theirs ? hit.appNo : hit.ownAppNo;
  const cls = theirs ? hit.tmCl : hit.ownTmCl;
  return (
    <div className="gazette-mark" data-testid={theirs ? 'gazette-their-mark' : 'gazette-own-mark'}>
      {logo ? <img className="gazette-mark-logo" src={logo} alt={name} loading="lazy" /> : <div className="gazette-mark-logo gazette-mark-nologo">无图样</div>}
      <div className="gazette-mark-text">
        <Typography.Text strong>{name}</Typography.Text>
        <Typography.Text type="secondary" className="gazette-mark-no">
          {appNo || '--'}
          {cls ? ` · 第 ${cls} 类` : ''}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The opposition deadline, with the days left (red within 15 days) and how it was counted. */
export function GazetteDeadlineCell({ record }: GazetteDeadlineCellProps) {
  const hit = hitOf(record);
  if (!hit) return null;
  const left =
    hit.daysLeft < 0 ? (
      <Typography.Text type="secondary">已过异议期</Typography.Text>
    ) : (
      <Typography.Text type={hit.urgent ? 'danger' : 'secondary'} strong={hit.urgent} data-urgent={hit.urgent ? 'true' : 'false'}>
        {hit.daysLeft === 0 ? '今天到期' : `剩余 ${hit.daysLeft} 天`}
      </Typography.Text>
    );
  return (
    <Tooltip title={hit.deadlineSteps.join('；')}>
      <div className="gazette-deadline" data-testid="gazette-deadline">
        <span>{hit.deadline}</span>
        {left}
      </div>
    </Tooltip>
  );
}

/** Why the publication conflicts: the likeness (读音相同、字形相近、图形近似…) and the goods. */
export function GazetteReasonsCell({ record }: GazetteReasonsCellProps) {
  const hit = hitOf(record);
  if (!hit) return null;
  return (
    <div data-testid="gazette-reasons">
      <Space size={[4, 4]} wrap>
        {hit.reasons.map((r) => (
          <Tag key={r} color={r === '名称相同' || r === '读音相同' ? 'red' : r === '图形近似' ? 'purple' : 'orange'} bordered={false}>
            {r}
          </Tag>
        ))}
      </Space>
      <Typography.Text type="secondary" className="gazette-goods-note">
        {hit.goodsNote}
      </Typography.Text>
    </div>
  );
}
