import { Alert, App, Button, Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { Licence, LicenceDetailProps, LicenceMark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath, caseWidgets } from '../cases/index.js';
import { licenceEditPath, useRefreshLicences } from './licenceLook.js';

const STATE_COLORS: Record<Licence['state'], string> = { valid: 'success', expiring: 'warning', expired: 'default' };

const NewCaseButton = caseWidgets.NewCaseButton;

/** The licence-filing case (许可备案): a link to it with its state, or 新建许可备案 pre-filled with the licence's first mark. */
function FilingCase({ licence }: { licence: Licence }) {
  const runtime = useRuntime();
  const types = useOperation('caseManage.caseTypes', licence.caseNo && runtime.permissions.has('caseManage') ? {} : null);
  if (!licence.caseNo) {
    return (
      <Space wrap>
        <Typography.Text type="secondary">未备案</Typography.Text>
        <NewCaseButton label="新建许可备案" types={['licenseRecord']} brandId={licence.marks[0]?.brandId} />
      </Space>
    );
  }
  const path = casePath(
    types.data?.list.find((t) => t.name === licence.caseType),
    licence.caseNo,
    licence.caseType ?? '',
  );
  return (
    <Space>
      <Typography.Link
        href={path}
        onClick={(e) => {
          e.preventDefault();
          runtime.navigate(path);
        }}
      >
        {licence.caseNo}
      </Typography.Link>
      <Tag>{licence.caseStatusTitle}</Tag>
    </Space>
  );
}

/** 许可详情 (/brand/detailLicense?id=): the licence read-only, its marks with the goods licensed, the filing case; 编辑 and 删除. */
export function LicenceDetail(_props: LicenceDetailProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const refresh = useRefreshLicences();
  const id = Number(runtime.query.get('id')) || 0;
  const { data: licence, error } = useOperation('licenseMatter.detail', id > 0 ? { id } : null);
  if (!(id > 0)) return <Alert type="warning" showIcon message="地址中缺少许可编号" />;
  if (error) return <Alert type="error" showIcon message={error.message} />;
  if (!licence) return <Skeleton active paragraph={{ rows: 10 }} />;

  const remove = () =>
    modal.confirm({
      title: '确定删除这份许可吗？',
      content: '删除后不可恢复，商标详情页中也不再列出它。',
      okButtonProps: { danger: true },
      onOk: async () => {
        await runtime.callOperation('licenseMatter.delete', { id: licence.id });
        runtime.notify('success', '许可已删除');
        await refresh();
        runtime.navigate('/brand/license', { replace: true });
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="licence-detail">
      <Card
        size="small"
        title={
          <Space>
            <span>
              {licence.licensor} → {licence.licensee}
            </span>
            <Tag color={STATE_COLORS[licence.state]}>{licence.stateTitle}</Tag>
          </Space>
        }
        extra={
          runtime.permissions.has('trademark') && (
            <Space>
              <Button type="primary" onClick={() => runtime.navigate(licenceEditPath(licence.id))}>
                编辑
              </Button>
              <Button danger onClick={remove}>
                删除
              </Button>
            </Space>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label="许可人">{licence.licensor}</Descriptions.Item>
          <Descriptions.Item label="被许可人">{licence.licensee}</Descriptions.Item>
          <Descriptions.Item label="许可类型">{licence.licenceTypeTitle}</Descriptions.Item>
          <Descriptions.Item label="许可期限">
            {licence.startDate} 至 {licence.endDate}
            {licence.state !== 'expired' && <Typography.Text type="secondary">（剩余 {licence.daysLeft} 天）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="许可地域">{licence.territory || '--'}</Descriptions.Item>
          <Descriptions.Item label="许可使用费">
            {licence.royalty === null ? '无偿' : `${licence.royalty.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`}
          </Descriptions.Item>
          <Descriptions.Item label="许可备案">
            <FilingCase licence={licence} />
          </Descriptions.Item>
          <Descriptions.Item label="承办人">{licence.handlerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="创建人">{licence.createdByName || '--'}</Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {licence.remark || '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={`许可的商标（${licence.marks.length}）`}>
        <Table<LicenceMark>
          size="small"
          rowKey="brandId"
          pagination={false}
          dataSource={licence.marks}
          columns={[
            {
              title: '商标名称',
              dataIndex: 'tmName',
              width: 180,
              render: (name: string, m) => (
                <Typography.Link
                  href={`/brandManage/brandRecord/recordDetail?id=${m.brandId}`}
                  onClick={(e) => {
                    e.preventDefault();
                    runtime.navigate(`/brandManage/brandRecord/recordDetail?id=${m.brandId}`);
                  }}
                >
                  {name || '图形'}
                </Typography.Link>
              ),
            },
            { title: '注册号', dataIndex: 'regNo', width: 140, render: (no: string | null, m) => no || m.appNo },
            { title: '类别', dataIndex: 'intCls', width: 70, render: (c: number | null) => (c === null ? '--' : `第${c}类`) },
            {
              title: '许可使用的商品/服务',
              dataIndex: 'licenseGoods',
              render: (goods: LicenceMark['licenseGoods']) => goods.map((g) => g.name).join('；'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
