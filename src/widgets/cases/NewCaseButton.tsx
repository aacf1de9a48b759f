import { Button, Dropdown } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { NewCaseButtonProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { applyPath } from './caseRoutes.js';

/** 新建案件: the organisation's case types, domestic then overseas; one opens its apply page (with a mark when given). */
export function NewCaseButton({ label = '新建案件', brandId, types: only }: NewCaseButtonProps) {
  const runtime = useRuntime();
  const { data, isLoading } = useOperation('caseManage.caseTypes', runtime.permissions.has('caseManage') ? {} : null);
  if (!runtime.permissions.has('caseManage')) return null;
  const mark = Number(brandId) > 0 ? Number(brandId) : undefined;
  const list = (data?.list ?? []).filter((t) => !only?.length || only.includes(t.name));
  const group = (scope: 'domestic' | 'overseas', title: string) => {
    const children = list.filter((t) => t.scope === scope).map((t) => ({ key: t.name, label: t.title }));
    return children.length ? [{ type: 'group' as const, key: scope, label: title, children }] : [];
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [...group('domestic', '国内'), ...group('overseas', '海外')],
        className: 'case-type-menu',
        onClick: ({ key }) => {
          const type = list.find((t) => t.name === key);
          if (type) runtime.navigate(applyPath(type, mark));
        },
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} loading={isLoading}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
