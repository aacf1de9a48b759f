import { useEffect, useMemo, useState } from 'react';
import { App, Button, Input, Modal, Popover, Radio, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, MinusCircleOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { useBlockQuery, useQueryValue } from '../pageQueries.js';
import { useNamedOperation, useOperation } from '../useOperation.js';
import { useRuntime } from '../runtimeContext.js';
import { confirmOptions } from '../confirmDialog.js';
import {
  DEFAULT_SORT_OPTIONS,
  SORT_MESSAGES,
  SORT_PRESET_DISPLAY_TYPE,
  addPreset,
  addRow,
  effectiveSort,
  isPresetActive,
  keysToRows,
  makePreset,
  parsePresets,
  presetKeys,
  presetState,
  presetsFor,
  removePreset,
  rowsToKeys,
  sortFromSettings,
  togglePreset,
  type SortKey,
  type SortPreset,
  type SortRow,
} from './sortPresets.js';
import type { SortBarProps } from '../../generated/types.js';

const DIRECTION_TEXT = { ascending: '升序', descending: '降序' } as const;

/**
 * 排序栏: preset buttons that toggle ascending/descending, a 自定义排序 popover of {field, direction}
 * rows, and presets saved per user on the server (display preference 8). The chosen keys are the
 * sort of the page's query; the table listing by it fetches again. With `defaultSortOperation` the
 * list's default order shows as the active sort until another is chosen, and the query knows it too.
 */
export function SortBar({ channel, options = DEFAULT_SORT_OPTIONS, fields, custom = true, defaultSortOperation }: SortBarProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const fieldOptions = fields ?? options;
  const query = useBlockQuery(channel);
  // A column header of the table sorts too: the buttons follow it.
  const current = useQueryValue(query, 'sort');
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [rows, setRows] = useState<SortRow[]>(() => keysToRows(query.sort));
  const [naming, setNaming] = useState<{ keys: SortKey[]; name: string; error?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = useOperation('display.query', custom ? { displayType: SORT_PRESET_DISPLAY_TYPE } : null);
  const presets = presetsFor(parsePresets(saved.data), fieldOptions);
  // The list's order before any choice: shown as the active sort, so the first press on it flips it.
  const settings = useNamedOperation<{ sortField?: string | null; sortType?: string | null }>(defaultSortOperation ?? '', defaultSortOperation ? {} : null);
  const fallback = useMemo(() => sortFromSettings(settings.data), [settings.data]);
  const shown = effectiveSort(current, fallback);
  useEffect(() => {
    if (defaultSortOperation) query.setDefaultSort(fallback);
  }, [query, defaultSortOperation, fallback]);

  const apply = (keys: SortKey[]) => query.setSort(keys);

  const warn = (text: string) => runtime.notify('warning', text);

  const sortByRows = () => {
    const { keys, error } = rowsToKeys(rows);
    if (error) return warn(error);
    apply(keys);
    setPopoverOpen(false);
  };

  /** The whole preference read fresh, changed, and written back: another tab may have saved too. */
  const writePresets = async (change: (all: SortPreset[]) => { presets: SortPreset[]; error?: string }): Promise<boolean> => {
    const text = await runtime.callOperation('display.query', { displayType: SORT_PRESET_DISPLAY_TYPE });
    const { presets: next, error } = change(parsePresets(text));
    if (error) {
      warn(error);
      return false;
    }
    await runtime.callOperation('display.set', { displayType: SORT_PRESET_DISPLAY_TYPE, displayContent: JSON.stringify(next) });
    await saved.mutate(JSON.stringify(next), { revalidate: false });
    return true;
  };

  const startSaving = () => {
    const { keys, error } = rowsToKeys(rows);
    if (error) return warn(error);
    setPopoverOpen(false);
    setNaming({ keys, name: '' });
  };

  const finishSaving = async () => {
    if (!naming) return;
    const preset = makePreset(naming.name, naming.keys, fieldOptions);
    if (!preset.name) return setNaming({ ...naming, error: SORT_MESSAGES.nameRequired });
    setSaving(true);
    try {
      if (await writePresets((all) => addPreset(all, preset))) {
        runtime.notify('success', SORT_MESSAGES.added);
        setNaming(null);
      }
    } catch {
      // The HTTP client showed why.
    } finally {
      setSaving(false);
    }
  };

  const deletePreset = (preset: SortPreset) =>
    modal.confirm(
      confirmOptions({ title: SORT_MESSAGES.confirmDelete, danger: true }, async (confirmed) => {
        if (!confirmed) return;
        try {
          if (await writePresets((all) => ({ presets: removePreset(all, preset.name) }))) runtime.notify('success', SORT_MESSAGES.deleted);
        } catch {
          // The HTTP client showed why.
        }
      }),
    );

  const setRow = (index: number, change: Partial<SortRow>) => setRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const panel = (
    <div className="ipm-custom-sort">
      {rows.map((row, i) => (
        <Space key={i} className="ipm-custom-sort-row">
          <Select
            aria-label={`排序字段${i + 1}`}
            placeholder="请选择排序字段"
            style={{ width: 160 }}
            value={row.key}
            onChange={(key: string) => setRow(i, { key })}
            options={fieldOptions.map((f) => ({ label: f.name, value: f.key, disabled: rows.some((r, j) => j !== i && r.key === f.key) }))}
          />
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={row.ascending}
            onChange={(e) => setRow(i, { ascending: e.target.value as boolean })}
            options={[
              { label: '升序', value: true },
              { label: '降序', value: false },
            ]}
          />
          <Button
            type="text"
            aria-label={`删除排序条件${i + 1}`}
            icon={<MinusCircleOutlined />}
            disabled={rows.length === 1}
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => {
          const { rows: next, error } = addRow(rows);
          if (error) return warn(error);
          setRows(next);
        }}
      >
        添加排序条件
      </Button>
      <div className="ipm-custom-sort-actions">
        <Button onClick={startSaving}>保存为常用排序</Button>
        <Button type="primary" onClick={sortByRows}>
          排序
        </Button>
      </div>
    </div>
  );

  return (
    <div className="ipm-sort-bar">
      <Typography.Text type="secondary">排序：</Typography.Text>
      {options.map((option) => {
        const state = presetState(shown, option.key);
        return (
          <Button
            key={option.key}
            size="small"
            type={state ? 'primary' : 'default'}
            aria-label={state ? `${option.name} ${DIRECTION_TEXT[state]}` : option.name}
            aria-pressed={state !== null}
            onClick={() => apply(togglePreset(current, option.key, fallback))}
          >
            {option.name}
            {state === 'ascending' && <ArrowUpOutlined aria-hidden />}
            {state === 'descending' && <ArrowDownOutlined aria-hidden />}
          </Button>
        );
      })}
      {custom &&
        presets.map((preset) => (
          <Space.Compact key={preset.name} size="small" className="ipm-sort-preset">
            <Button
              type={isPresetActive(shown, preset) ? 'primary' : 'default'}
              aria-pressed={isPresetActive(shown, preset)}
              onClick={() => apply(presetKeys(preset))}
            >
              {preset.name}
            </Button>
            <Button aria-label={`删除排序${preset.name}`} icon={<CloseOutlined />} onClick={() => deletePreset(preset)} />
          </Space.Compact>
        ))}
      {custom && (
        <Popover
          trigger="click"
          placement="bottomLeft"
          title="自定义排序"
          open={popoverOpen}
          onOpenChange={(open) => {
            if (open) setRows(keysToRows(shown));
            setPopoverOpen(open);
          }}
          content={panel}
        >
          <Button size="small" icon={<SortAscendingOutlined />}>
            自定义排序
          </Button>
        </Popover>
      )}
      <Modal
        title="保存排序"
        width={380}
        open={naming !== null}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        onOk={finishSaving}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="排序名称"
          placeholder={SORT_MESSAGES.nameRequired}
          maxLength={20}
          status={naming?.error ? 'error' : undefined}
          value={naming?.name}
          onChange={(e) => naming && setNaming({ ...naming, name: e.target.value, error: undefined })}
          onPressEnter={finishSaving}
        />
        {naming?.error && <Typography.Text type="danger">{naming.error}</Typography.Text>}
      </Modal>
    </div>
  );
}
