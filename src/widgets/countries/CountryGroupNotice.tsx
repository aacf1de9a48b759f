import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import type { CountryGroupNoticeProps } from '../../generated/types.js';
import { CountryNoticePopover } from './CountryNoticePopover.js';
import { useNoticePreference } from './useCountries.js';

/**
 * 地区注册须知 as a block: a link that shows the notice, and, with autoOpen, the notice on
 * arrival unless the user chose 下次不再提醒.
 */
export function CountryGroupNotice({ linkText = '地区注册须知', autoOpen = false }: CountryGroupNoticeProps) {
  const { preference, loaded, save } = useNoticePreference();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (autoOpen && loaded && !preference.noRemind) setOpen(true);
    // Only on arrival, once the preference is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoOpen, loaded]);

  return (
    <CountryNoticePopover
      open={open}
      preference={preference}
      onAcknowledge={(noRemind) => {
        setOpen(false);
        if (noRemind !== preference.noRemind) void save({ noRemind });
      }}
    >
      <Typography.Link onClick={() => setOpen(true)}>
        <NotificationOutlined /> {linkText}
      </Typography.Link>
    </CountryNoticePopover>
  );
}
