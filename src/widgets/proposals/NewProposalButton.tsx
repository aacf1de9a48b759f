import { Button, Dropdown } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { NewProposalButtonProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { newProposalPath } from './proposalLook.js';

/** 新建提案: the proposal types in effect; one opens its form on the proposal page (with a mark of the archive when given). */
export function NewProposalButton({ label = '新建提案', brandId, size }: NewProposalButtonProps) {
  const runtime = useRuntime();
  const allowed = runtime.permissions.has('demand');
  const { data, isLoading } = useOperation('demand.demandTypes', allowed ? {} : null);
  if (!allowed) return null;
  const mark = Number(brandId) > 0 ? Number(brandId) : undefined;
  const list = data?.list ?? [];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: list.length ? list.map((t) => ({ key: t.name, label: t.title })) : [{ key: '', label: '暂无可用的提案类型', disabled: true }],
        className: 'proposal-type-menu',
        onClick: ({ key }) => {
          if (key) runtime.navigate(newProposalPath(key, mark));
        },
      }}
    >
      <Button type={size === 'small' ? 'link' : 'primary'} size={size} icon={<PlusOutlined />} loading={isLoading}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
