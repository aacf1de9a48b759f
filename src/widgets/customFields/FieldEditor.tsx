import { Button, Checkbox, ColorPicker, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PersonSearch } from '../../runtime/components/PersonSearch.js';
import {
  DATE_FORMATS,
  DEFAULT_OPTION_COLORS,
  FIELD_TYPES,
  NUMBER_FORMATS,
  REMINDER_HOURS,
  REMINDER_KIND,
  REMINDER_LEADS,
  defaultContent,
  defaultDateSettings,
  isChoice,
  isFilterable,
  type ChoiceOption,
  type DateSettings,
} from '../../shared/customFieldRules.js';
import type { FieldDraft } from './fieldDrafts.js';

export interface FieldEditorProps {
  draft: FieldDraft;
  onChange(draft: FieldDraft): void;
}

/** The settings of one field: name, description, type, required, and what its type needs. */
export function FieldEditor({ draft, onChange }: FieldEditorProps) {
  const set = (patch: Partial<FieldDraft>) => onChange({ ...draft, ...patch });
  return (
    <Form layout="vertical" className="ipm-field-editor" component="div">
      <Form.Item label="字段名称" required>
        <Input
          aria-label="字段名称"
          maxLength={20}
          showCount
          placeholder="请输入字段名称"
          value={draft.fieldTitle}
          onChange={(e) => set({ fieldTitle: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="字段类型" required>
        <Select
          aria-label="字段类型"
          value={draft.fieldType}
          disabled={draft.id !== undefined}
          options={FIELD_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(fieldType) => set({ fieldType, content: defaultContent(fieldType), isFilter: isFilterable(fieldType) ? draft.isFilter : 0 })}
        />
      </Form.Item>
      <Form.Item label="字段说明">
        <Input.TextArea
          aria-label="字段说明"
          maxLength={200}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={draft.fieldDesc}
          onChange={(e) => set({ fieldDesc: e.target.value })}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={draft.isRequire === 1} onChange={(e) => set({ isRequire: e.target.checked ? 1 : 0 })}>
          必填
        </Checkbox>
      </Form.Item>
      {isChoice(draft.fieldType) && (
        <ChoiceSettings options={Array.isArray(draft.content) ? (draft.content as ChoiceOption[]) : []} onChange={(content) => set({ content })} />
      )}
      {draft.fieldType === '日期' && (
        <DateSettingsForm settings={{ ...defaultDateSettings(), ...(draft.content as DateSettings) }} onChange={(content) => set({ content })} />
      )}
      {draft.fieldType === '数字' && (
        <Form.Item label="数字格式">
          <Select
            aria-label="数字格式"
            value={(draft.content as { 数字格式?: string }).数字格式 ?? '整数'}
            options={NUMBER_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(数字格式) => set({ content: { 数字格式 } })}
          />
        </Form.Item>
      )}
    </Form>
  );
}

function ChoiceSettings({ options, onChange }: { options: ChoiceOption[]; onChange(options: ChoiceOption[]): void }) {
  const update = (i: number, patch: Partial<ChoiceOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Form.Item label="选项" required>
      <Space direction="vertical" style={{ width: '100%' }}>
        {options.map((o, i) => (
          <Space key={i} className="ipm-choice-option">
            <ColorPicker size="small" value={o.color} disabledAlpha onChangeComplete={(c) => update(i, { color: c.toHexString().toUpperCase() })} />
            <Input aria-label={`选项${i + 1}名称`} placeholder="选项名称" maxLength={50} value={o.cont} onChange={(e) => update(i, { cont: e.target.value })} />
            <Input aria-label={`选项${i + 1}值`} placeholder="选项值" maxLength={50} value={o.value} onChange={(e) => update(i, { value: e.target.value })} />
            <Button
              type="text"
              aria-label={`删除选项${i + 1}`}
              icon={<DeleteOutlined />}
              disabled={options.length <= 1}
              onClick={() => onChange(options.filter((_, j) => j !== i))}
            />
          </Space>
        ))}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange([...options, { cont: '', color: DEFAULT_OPTION_COLORS[options.length % DEFAULT_OPTION_COLORS.length]!, value: '' }])}
        >
          添加选项
        </Button>
      </Space>
    </Form.Item>
  );
}

function DateSettingsForm({ settings, onChange }: { settings: DateSettings; onChange(settings: DateSettings): void }) {
  const set = (patch: Partial<DateSettings>) => onChange({ ...settings, ...patch });
  const ids = (settings.人员 ?? '').split(',').filter(Boolean);
  const names = (settings.人员名称 ?? '').split(',');
  const people = ids.map((id, i) => ({ id: Number(id), name: names[i] || `用户 ${id}` }));
  return (
    <>
      <Form.Item label="日期格式">
        <Select
          aria-label="日期格式"
          value={settings.日期格式}
          options={DATE_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
          onChange={(日期格式) => set({ 日期格式 })}
        />
      </Form.Item>
      <Form.Item>
        <Space direction="vertical">
          <Checkbox checked={Boolean(settings.显示剩余期限)} onChange={(e) => set({ 显示剩余期限: e.target.checked })}>
            显示剩余期限
          </Checkbox>
          <Checkbox checked={Boolean(settings.自动填写)} onChange={(e) => set({ 自动填写: e.target.checked })}>
            自动填写（新建时填入创建时间）
          </Checkbox>
          <Checkbox checked={Boolean(settings.设置期限提醒)} onChange={(e) => set({ 设置期限提醒: e.target.checked })}>
            设置期限提醒
          </Checkbox>
        </Space>
      </Form.Item>
      {settings.设置期限提醒 && (
        <div className="ipm-reminder-settings">
          <Space wrap>
            <Form.Item label="提醒时间">
              <Select
                aria-label="提醒时间"
                style={{ width: 130 }}
                value={settings.日期 ?? '当天'}
                options={REMINDER_LEADS.map((l) => ({ value: l, label: l }))}
                onChange={(日期) => set({ 日期 })}
              />
            </Form.Item>
            <Form.Item label="时间">
              <Select
                aria-label="提醒钟点"
                style={{ width: 110 }}
                value={settings.时间 ?? '00:00'}
                options={REMINDER_HOURS.map((h) => ({ value: h, label: h }))}
                onChange={(时间) => set({ 时间 })}
              />
            </Form.Item>
            <Form.Item label="类型">
              <Typography.Text>{REMINDER_KIND}</Typography.Text>
            </Form.Item>
          </Space>
          <Form.Item label="人员" required>
            <PersonSearch
              value={people}
              onChange={(chosen) =>
                set({ 人员: chosen.map((p) => p.id).join(','), 人员名称: chosen.map((p) => p.name.replace(/,/g, ' ')).join(','), 类型: REMINDER_KIND })
              }
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
