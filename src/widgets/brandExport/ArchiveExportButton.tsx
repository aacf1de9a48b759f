import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { ArchiveExportButtonProps, BrandArchiveQuery, BrandExportRecord } from '../../generated/types.js';
import { ARCHIVE_EXPORT_COLUMNS, type ArchiveExportColumn } from '../../shared/archiveExportColumns.js';
import { usePageQuery } from '../../runtime/pageQueries.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { archiveExportFilter, MAX_SELECTED_EXPORT, selectionExportFilter } from './exportFilter.js';
import { ExportRecordView } from './ExportRecordStatus.js';
import { useExportProgress, useRefreshExportLists } from './useExportProgress.js';

const ALL = ARCHIVE_EXPORT_COLUMNS.map((c) => c.key);
/** The archive's custom fields are those of module 1. */
const ARCHIVE_FIELDS = { type: 1 };

/** A 全选 box over a group of options: checked, partly checked or not. */
function SelectAll({ chosen, total, onChange }: { chosen: number; total: number; onChange: (all: boolean) => void }) {
  return (
    <Checkbox checked={total > 0 && chosen === total} indeterminate={chosen > 0 && chosen < total} onChange={(e) => onChange(e.target.checked)}>
      全选
    </Checkbox>
  );
}

/**
 * 导出 for the trademark archive: takes the marks selected on the page's query (in either view),
 * or with none selected its conditions, in its sort; lets the person choose the columns (the standard ones and the organisation's custom
 * fields, those shown in the list chosen to begin with), and starts the export; its progress and
 * download stay in the dialog and on the export records page.
 */
export function ArchiveExportButton({ channel, label = '导出', recordsPath = '/brand/export', primary = false }: ArchiveExportButtonProps) {
  const runtime = useRuntime();
  const query = usePageQuery(channel);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<BrandArchiveQuery>({});
  const [columns, setColumns] = useState<ArchiveExportColumn[]>(ALL);
  const { data: fields = [], isLoading: fieldsLoading } = useOperation('customField.getCustomFieldList', open ? ARCHIVE_FIELDS : null);
  const fieldIds = fields.map((f) => f.id);
  /** Custom fields chosen; until the person chooses, the ones the list shows. */
  const [customChoice, setCustomChoice] = useState<number[] | null>(null);
  const customIds = customChoice ?? fields.filter((f) => f.state === 1).map((f) => f.id);
  const chosenCount = columns.length + customIds.length;
  const [started, setRecord] = useState<BrandExportRecord | null>(null);
  const record = useExportProgress(started, 1000);
  const [starting, setStarting] = useState(false);
  const refreshLists = useRefreshExportLists();
  if (!runtime.permissions.has('trademark')) return null;

  const show = () => {
    const selected = query ? query.selectedKeys.map(Number) : [];
    if (selected.length > MAX_SELECTED_EXPORT) {
      runtime.notify('warning', `所选商标超过 ${MAX_SELECTED_EXPORT} 件，请少选一些，或取消选择后按筛选条件导出`);
      return;
    }
    setFilter(!query ? {} : selected.length > 0 ? selectionExportFilter(selected, query.sort) : archiveExportFilter(query.conditions, query.sort));
    setRecord(null);
    setCustomChoice(null);
    setOpen(true);
  };

  const start = async () => {
    if (chosenCount === 0) return;
    setStarting(true);
    try {
      setRecord(await runtime.callOperation('brandExport.start', { filter, columns, customFieldIds: customIds }));
      void refreshLists();
    } catch {
      // The call has already said why.
    } finally {
      setStarting(false);
    }
  };

  const conditions = Object.keys(filter).filter((k) => k !== 'sortField' && k !== 'sortType').length;
  const scope = filter.ids
    ? `将导出所选的 ${filter.ids.length} 个商标`
    : conditions > 0
      ? `将导出符合当前 ${conditions} 个筛选条件的全部商标`
      : '将导出全部商标';
  const canSeeRecords = runtime.permissions.has('exportRecords');

  return (
    <>
      <Button type={primary ? 'primary' : 'default'} icon={<ExportOutlined />} onClick={show}>
        {label}
      </Button>
      <Modal
        open={open}
        title="导出商标档案"
        width={560}
        onCancel={() => setOpen(false)}
        footer={
          record
            ? [
                canSeeRecords && (
                  <Button key="records" onClick={() => runtime.navigate(recordsPath)}>
                    查看导出记录
                  </Button>
                ),
                <Button key="close" type="primary" onClick={() => setOpen(false)}>
                  关闭
                </Button>,
              ]
            : [
                <Button key="cancel" onClick={() => setOpen(false)}>
                  取消
                </Button>,
                <Button key="ok" type="primary" loading={starting} disabled={chosenCount === 0 || fieldsLoading} onClick={() => void start()}>
                  确定
                </Button>,
              ]
        }
      >
        {record ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              筛选条件：{record.filterSummary}
              {record.status === 'running' && record.rowCount === 0 ? '' : `；共 ${record.rowCount.toLocaleString('zh-CN')} 件`}
            </Typography.Text>
            <ExportRecordView record={record} />
            <Typography.Text type="secondary">导出在后台进行，关闭对话框不影响导出{canSeeRecords ? '，可在“导出记录”中查看与下载' : ''}。</Typography.Text>
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="info" showIcon message={scope} />
            <Space>
              <Typography.Text strong>导出列</Typography.Text>
              <SelectAll chosen={columns.length} total={ALL.length} onChange={(all) => setColumns(all ? ALL : [])} />
            </Space>
            <div role="group" aria-label="导出列">
              <Checkbox.Group
                value={columns}
                onChange={(values) => setColumns(ALL.filter((k) => (values as ArchiveExportColumn[]).includes(k)))}
                options={ARCHIVE_EXPORT_COLUMNS.map((c) => ({ label: c.label, value: c.key }))}
              />
            </div>
            {fields.length > 0 && (
              <>
                <Space>
                  <Typography.Text strong>自定义字段</Typography.Text>
                  <SelectAll chosen={customIds.length} total={fields.length} onChange={(all) => setCustomChoice(all ? fieldIds : [])} />
                </Space>
                <div role="group" aria-label="自定义字段">
                  <Checkbox.Group
                    value={customIds}
                    onChange={(values) => setCustomChoice(fieldIds.filter((id) => (values as number[]).includes(id)))}
                    options={fields.map((f) => ({ label: f.state === 1 ? f.name : `${f.name}（列表中已隐藏）`, value: f.id }))}
                  />
                </div>
              </>
            )}
            {chosenCount === 0 && <Typography.Text type="danger">请至少选择一列</Typography.Text>}
          </Space>
        )}
      </Modal>
    </>
  );
}
