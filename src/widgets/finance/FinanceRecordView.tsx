import { useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useSWRConfig } from 'swr';
import type { FinanceRecord, FinanceRecordViewProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { confirmOptions, type ConfirmSpec } from '../../runtime/confirmDialog.js';
import { matchesCondition, type RowCondition } from '../../runtime/blocks/table/rowCondition.js';
import { SchemaOverlay, type OverlaySpec } from '../../runtime/blocks/SchemaOverlay.js';
import { fileDownloadUrl } from '../../runtime/upload/storedFiles.js';
import { CaseLink } from './financeLinks.js';
import { INVOICE_STATE, money, payStateTag, STATE_TAG } from './financeLook.js';
import './finance.css';

type Action = NonNullable<FinanceRecordViewProps['actions']>[number];

/** The buttons of the record its fields allow, among those the user's role may use. */
function actionsFor(record: FinanceRecord, actions: readonly Action[], permissions: ReadonlySet<string>): Action[] {
  return actions.filter(
    (a) =>
      (!a.permission || permissions.has(a.permission)) &&
      matchesCondition(record as unknown as Record<string, unknown>, a.visibleWhen as RowCondition | undefined),
  );
}

/** A dialog's starting values: the fields `values` names, taken from the record; the whole record when it names none. */
function dialogValues(record: FinanceRecord, values: Record<string, string> | undefined): Record<string, unknown> {
  const fields = record as unknown as Record<string, unknown>;
  if (!values) return fields;
  return Object.fromEntries(Object.entries(values).map(([field, from]) => [field, fields[from]]));
}

/** One fee record: what it bills, its state, payments and invoice, and the actions its state allows. */
export function FinanceRecordView({ id, actions = [] }: FinanceRecordViewProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const { mutate } = useSWRConfig();
  const recordId = Number(id);
  const valid = Number.isSafeInteger(recordId) && recordId > 0;
  const { data: record, error, isLoading } = useOperation('finance.detail', valid ? { id: recordId } : null);
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (!valid) return <Empty description="未指定款项，请从财务管理列表打开详情" />;
  if (error) return <Result status="warning" title="款项无法打开" subTitle={error.message} />;
  if (isLoading || !record) return <Skeleton active paragraph={{ rows: 8 }} />;

  const idBody = (a: Action) => (a.idParam === 'ids' ? { ids: String(record.id) } : { [a.idParam ?? 'id']: record.id });
  const reload = async () => {
    await mutate((key) => Array.isArray(key) && (key[0] === 'finance.detail' || key[0] === 'finance.list' || key[0] === 'finance.totals'));
  };

  const run = async (a: Action) => {
    if (a.dialog) {
      setOpen(a);
      return;
    }
    if (!a.operation) return;
    const call = async () => {
      setBusy(a.label);
      try {
        await runtime.callNamedOperation(a.operation!, idBody(a));
        if (a.successMessage) runtime.notify('success', a.successMessage);
        if (a.afterGoTo) runtime.navigate(a.afterGoTo);
        else await reload();
      } catch {
        // The HTTP client showed why.
      } finally {
        setBusy(null);
      }
    };
    if (a.confirm) modal.confirm(confirmOptions(a.confirm as ConfirmSpec, (confirmed) => void (confirmed && call())));
    else await call();
  };

  const shown = actionsFor(record, actions, runtime.permissions);
  const invoice = record.invoice;
  return (
    <div className="finance-record" data-testid="finance-record">
      <Card
        title={
          <Space wrap>
            <span>{record.recordNo}</span>
            <Typography.Text strong>{record.title}</Typography.Text>
            <Tag color={STATE_TAG[record.state].color}>{STATE_TAG[record.state].text}</Tag>
            {record.state === 'published' && payStateTag(record)}
            {record.invoiceState !== 'none' && <Tag color="blue">发票{INVOICE_STATE[record.invoiceState]}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            {shown.map((a) => (
              <Button key={a.label} type={a.primary ? 'primary' : 'default'} danger={a.danger} loading={busy === a.label} onClick={() => void run(a)}>
                {a.label}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="finance-record-fields">
          <Descriptions.Item label="客户">{record.clientName || '--'}</Descriptions.Item>
          <Descriptions.Item label="案件">
            {record.caseNo ? <CaseLink caseNo={record.caseNo} caseType={record.caseType} title={`${record.caseNo} ${record.caseTypeTitle}`} /> : '--'}
          </Descriptions.Item>
          <Descriptions.Item label="商标">{record.tmName || '--'}</Descriptions.Item>
          <Descriptions.Item label="国家/地区">{record.countryName || '--'}</Descriptions.Item>
          <Descriptions.Item label="官费">{money(record.officialFees, record.currency)}</Descriptions.Item>
          <Descriptions.Item label="代理费">{money(record.agencyFees, record.currency)}</Descriptions.Item>
          <Descriptions.Item label="杂费">{money(record.sundryFees, record.currency)}</Descriptions.Item>
          <Descriptions.Item label="应收合计">
            <Typography.Text strong>{money(record.total, record.currency)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="已收">{money(record.received, record.currency)}</Descriptions.Item>
          <Descriptions.Item label="未收">
            <Typography.Text type={record.overdue ? 'danger' : undefined}>{money(record.outstanding, record.currency)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="付款期限">
            <Typography.Text type={record.overdue ? 'danger' : undefined}>{record.dueDate ?? '发布时定为 30 日后'}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="发布">{record.publishedAt ? `${record.publishedByName} ${record.publishedAt.slice(0, 10)}` : '未发布'}</Descriptions.Item>
          <Descriptions.Item label="创建">{`${record.createdByName || '--'} ${record.createdAt.slice(0, 10)}`}</Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {record.note || '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="收款记录" size="small" className="finance-section" data-testid="finance-payments">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={record.payments ?? []}
          locale={{ emptyText: record.state === 'published' ? '尚未收款' : '款项发布后才能登记收款' }}
          columns={[
            { title: '到账日期', dataIndex: 'paidOn', width: 120 },
            { title: '收款金额', dataIndex: 'amount', width: 140, render: (v: number) => money(v, record.currency) },
            { title: '收款方式', dataIndex: 'method', width: 120, render: (v: string) => v || '--' },
            { title: '备注', dataIndex: 'note', render: (v: string) => v || '--' },
            { title: '登记人', dataIndex: 'createdByName', width: 100 },
          ]}
        />
      </Card>
      <Card title="发票" size="small" className="finance-section" data-testid="finance-invoice">
        {invoice ? (
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label="发票抬头">{invoice.title}</Descriptions.Item>
            <Descriptions.Item label="纳税人识别号">{invoice.taxNo}</Descriptions.Item>
            <Descriptions.Item label="开票金额">{money(invoice.amount, record.currency)}</Descriptions.Item>
            <Descriptions.Item label="开票内容">{invoice.content}</Descriptions.Item>
            <Descriptions.Item label="申请">{`${invoice.requestedByName} ${invoice.requestedAt.slice(0, 10)}`}</Descriptions.Item>
            <Descriptions.Item label="申请备注">{invoice.note || '--'}</Descriptions.Item>
            <Descriptions.Item label="发票号码">{invoice.invoiceNo || '待开具'}</Descriptions.Item>
            <Descriptions.Item label="开票日期">{invoice.issuedOn ?? '--'}</Descriptions.Item>
            <Descriptions.Item label="发票文件">
              {invoice.file ? (
                <a href={fileDownloadUrl(invoice.file.path)} target="_blank" rel="noreferrer">
                  {invoice.file.name}
                </a>
              ) : (
                '--'
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={record.state === 'published' ? '尚未申请发票' : '款项发布后才能申请发票'} />
        )}
      </Card>
      {open?.dialog && (
        <SchemaOverlay
          spec={open.dialog as OverlaySpec}
          record={dialogValues(record, open.values)}
          requestExtra={idBody(open)}
          onSubmitted={reload}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
