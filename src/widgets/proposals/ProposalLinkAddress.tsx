import { Button, Space, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { ProposalLinkAddressProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

/** An external proposal link's full address (this site's origin before its path) with a copy button; a link no longer valid is shown struck through. */
export function ProposalLinkAddress({ record }: ProposalLinkAddressProps) {
  const runtime = useRuntime();
  const path = typeof record?.url === 'string' ? record.url : '';
  if (!path) return null;
  const address = new URL(path, window.location.origin).toString();
  const active = record?.active !== false;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      runtime.notify('success', '复制成功');
    } catch {
      runtime.notify('error', '复制失败，请手动复制');
    }
  };
  return (
    <Space size={4} className="proposal-link-address">
      <Typography.Text delete={!active} type={active ? undefined : 'secondary'} ellipsis={{ tooltip: address }} style={{ maxWidth: 260 }}>
        {address}
      </Typography.Text>
      {active && (
        <Tooltip title="复制链接">
          <Button type="text" size="small" icon={<CopyOutlined />} aria-label="复制链接" onClick={() => void copy()} />
        </Tooltip>
      )}
    </Space>
  );
}
