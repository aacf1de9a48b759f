import { useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Popover, Typography } from 'antd';
import { UNION_NOTICE_PARAGRAPHS, UNION_NOTICE_TITLE, type NoticePreference } from './countryNotice.js';
import './countries.css';

export interface CountryNoticePopoverProps {
  open: boolean;
  preference: NoticePreference;
  onAcknowledge(noRemind: boolean): void;
  children: ReactNode;
}

/** The notice about the EU, 非知 and Benelux, closed only by 我知道了, with 下次不再提醒. */
export function CountryNoticePopover({ open, preference, onAcknowledge, children }: CountryNoticePopoverProps) {
  const [noRemind, setNoRemind] = useState(preference.noRemind);
  useEffect(() => {
    if (open) setNoRemind(preference.noRemind);
  }, [open, preference.noRemind]);

  const content = (
    <div className="ipm-country-notice" role="dialog" aria-label={UNION_NOTICE_TITLE}>
      {UNION_NOTICE_PARAGRAPHS.map((p) => (
        <Typography.Paragraph key={p.head}>
          <Typography.Text strong>{p.head}：</Typography.Text>
          {p.text}
        </Typography.Paragraph>
      ))}
      <div className="ipm-country-notice-footer">
        <Checkbox checked={noRemind} onChange={(e) => setNoRemind(e.target.checked)}>
          下次不再提醒
        </Checkbox>
        <Button type="primary" size="small" onClick={() => onAcknowledge(noRemind)}>
          我知道了
        </Button>
      </div>
    </div>
  );
  return (
    <Popover open={open} trigger={[]} placement="top" title={UNION_NOTICE_TITLE} content={content} overlayClassName="ipm-country-notice-popover" zIndex={1100}>
      {children}
    </Popover>
  );
}
