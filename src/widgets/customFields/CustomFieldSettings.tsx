import './customFields.css';
import { useState } from 'react';
import { Button, Dropdown, Empty, List, Modal, Space, Tag, Typography } from 'antd';
import { DownOutlined, HolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import type { CustomFieldSettingsProps as DescribedProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { MAX_PINNED, PINNED_LIMIT_TEXT, isFilterable } from '../../shared/customFieldRules.js';
import { FieldEditor } from './FieldEditor.js';
import { CustomFieldCreateDialog } from './CustomFieldCreateDialog.js';
import { canPin, draftOf, draftProblem, fullList, moveDraft, removeDraft, sortBody, type FieldDraft } from './fieldDrafts.js';

export type CustomFieldSettingsProps = DescribedProps;

/** Every cached field list (tables, filters, dialogs) is stale after a change. */
export function useRefreshFieldLists() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === 'customField.getCustomFieldList', undefined, { revalidate: true });
}

/**
 * 自定义字段: the button and dialog where a module's fields are arranged. Each row's 列表设置
 * shows or hides it, makes it a filter, pins it (at most 5), edits or deletes it; rows are dragged
 * into order. Show, filter, pin and order of saved rows apply at once; new rows, edits and
 * deletions wait for 保存, which sends the whole list.
 */
export function CustomFieldSettings({ type, buttonText = '自定义字段', permission = 'brandCustomListSettings' }: CustomFieldSettingsProps) {
  const runtime = useRuntime();
  const refreshLists = useRefreshFieldLists();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<FieldDraft[]>([]);
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FieldDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);

  if (permission && !runtime.permissions.has(permission)) return null;

  const load = async () => {
    setLoading(true);
    try {
      setRows((await runtime.callOperation('customField.getCustomFieldList', { type })).map(draftOf));
    } finally {
      setLoading(false);
    }
  };

  const openDialog = () => {
    setOpen(true);
    setEditing(null);
    void load();
  };

  /** A change to a saved row that applies at once; new rows only change locally. */
  const applyNow = async (row: FieldDraft, patch: Partial<FieldDraft>, body: Record<string, unknown>) => {
    if (row.id === undefined) {
      setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
      return;
    }
    const reply = await runtime.callOperation('customField.setCustomField', { type, id: row.id, ...body });
    setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
    runtime.notify('success', reply.message);
    await refreshLists();
  };

  const saveOrder = async (next: FieldDraft[]) => {
    setRows(next);
    if (!next.some((r) => r.id !== undefined)) return;
    const reply = await runtime.callOperation('customField.sortCustomField', sortBody(type, next));
    runtime.notify('success', reply.message);
    await refreshLists();
  };

  const togglePin = (row: FieldDraft) => {
    if (row.isTop === 0 && !canPin(rows)) {
      runtime.notify('warning', PINNED_LIMIT_TEXT);
      return;
    }
    const next = rows.map((r) => (r.key === row.key ? { ...r, isTop: (r.isTop === 1 ? 0 : 1) as 0 | 1 } : r));
    if (row.id === undefined) setRows(next);
    else void saveOrder(next).catch(() => undefined);
  };

  const runMenu = (row: FieldDraft, key: string) => {
    const ignore = () => undefined;
    switch (key) {
      case 'state':
        void applyNow(row, { state: row.state === 1 ? 0 : 1 }, { state: row.state === 1 ? 0 : 1 }).catch(ignore);
        break;
      case 'filter':
        void applyNow(row, { isFilter: row.isFilter === 1 ? 0 : 1 }, { isFilter: row.isFilter === 1 ? 0 : 1 }).catch(ignore);
        break;
      case 'pin':
        togglePin(row);
        break;
      case 'up':
      case 'down': {
        const index = rows.findIndex((r) => r.key === row.key);
        void saveOrder(moveDraft(rows, index, key === 'up' ? index - 1 : index + 1)).catch(ignore);
        break;
      }
      case 'edit':
        setEditing({ ...row });
        break;
      case 'delete':
        setRows((rs) => removeDraft(rs, row.key));
        if (editing?.key === row.key) setEditing(null);
        break;
    }
  };

  const save = async () => {
    if (editing) {
      runtime.notify('warning', '请先保存字段设置');
      return;
    }
    setSaving(true);
    try {
      await runtime.callOperation('customField.updateCustomFields', { type, fields: fullList(rows) });
      runtime.notify('success', '保存成功');
      await refreshLists();
      setOpen(false);
    } catch {
      // The HTTP client showed why; the dialog keeps its rows.
    } finally {
      setSaving(false);
    }
  };

  const confirmEdit = () => {
    if (!editing) return;
    const problem = draftProblem(editing, rows);
    if (problem) {
      runtime.notify('warning', problem);
      return;
    }
    setRows((rs) => rs.map((r) => (r.key === editing.key ? { ...editing, fieldTitle: editing.fieldTitle.trim(), name: editing.fieldTitle.trim() } : r)));
    setEditing(null);
  };

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={openDialog}>
        {buttonText}
      </Button>
      <Modal
        title="自定义字段"
        width={720}
        open={open}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
            取消
          </Button>,
          <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>,
        ]}
      >
        <div className="ipm-custom-field-toolbar">
          <Typography.Text type="secondary">拖动调整顺序；最多固定 {MAX_PINNED} 个字段</Typography.Text>
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新增字段
          </Button>
        </div>
        <List
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: <Empty description="暂无自定义字段" /> }}
          renderItem={(row, index) => (
            <List.Item
              key={row.key}
              className="ipm-custom-field-row"
              data-testid={`custom-field-row-${row.fieldTitle}`}
              draggable={!row.deleted && !editing}
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', row.key);
                e.dataTransfer.effectAllowed = 'move';
                setDragging(index);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDragEnd={() => setDragging(null)}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null && dragging !== index) void saveOrder(moveDraft(rows, dragging, index)).catch(() => undefined);
                setDragging(null);
              }}
            >
              <div style={{ width: '100%' }}>
                <div className="ipm-custom-field-line">
                  <Space>
                    <HolderOutlined className="ipm-drag-handle" />
                    <Typography.Text delete={row.deleted} strong>
                      {row.name || row.fieldTitle}
                    </Typography.Text>
                    <Tag>{row.fieldType}</Tag>
                    {row.isRequire === 1 && <Tag color="red">必填</Tag>}
                    {row.state === 0 && <Tag>已隐藏</Tag>}
                    {row.isFilter === 1 && <Tag color="blue">筛选</Tag>}
                    {row.isTop === 1 && <Tag color="gold">固定</Tag>}
                    {row.locked && <Tag color="purple">内置</Tag>}
                    {row.id === undefined && <Tag color="green">未保存</Tag>}
                  </Space>
                  {row.deleted ? (
                    <Space>
                      <Typography.Text type="danger">保存后删除</Typography.Text>
                      <Button size="small" type="link" onClick={() => setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, deleted: false } : r)))}>
                        撤销
                      </Button>
                    </Space>
                  ) : (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          { key: 'state', label: row.state === 1 ? '隐藏' : '显示' },
                          { key: 'filter', label: row.isFilter === 1 ? '取消筛选' : '设为筛选', disabled: !isFilterable(row.fieldType) },
                          { key: 'pin', label: row.isTop === 1 ? '取消固定' : '固定' },
                          { key: 'up', label: '上移', disabled: index === 0 },
                          { key: 'down', label: '下移', disabled: index === rows.length - 1 },
                          { key: 'edit', label: '编辑', disabled: row.locked },
                          { key: 'delete', label: '删除', danger: true, disabled: row.locked },
                        ],
                        onClick: ({ key }) => runMenu(row, key),
                      }}
                    >
                      <Button size="small" aria-label={`${row.name || row.fieldTitle}的列表设置`}>
                        列表设置 <DownOutlined />
                      </Button>
                    </Dropdown>
                  )}
                </div>
                {row.fieldDesc && !row.deleted && <Typography.Text type="secondary">{row.fieldDesc}</Typography.Text>}
                {editing?.key === row.key && (
                  <div className="ipm-custom-field-inline-editor">
                    <FieldEditor draft={editing} onChange={setEditing} />
                    <Space>
                      <Button type="primary" size="small" onClick={confirmEdit}>
                        确定
                      </Button>
                      <Button size="small" onClick={() => setEditing(null)}>
                        取消
                      </Button>
                    </Space>
                  </div>
                )}
              </div>
            </List.Item>
          )}
        />
      </Modal>
      <CustomFieldCreateDialog
        open={creating}
        rows={rows}
        onClose={() => setCreating(false)}
        onCreate={(draft) => {
          setRows((rs) => [...rs, draft]);
          setCreating(false);
        }}
      />
    </>
  );
}
