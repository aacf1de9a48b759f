import { useState } from 'react';
import { Button, ColorPicker, Form, Input, Modal, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { BrandMap } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { validatedFields } from '../../runtime/validatedFields.js';

interface Props {
  maps: BrandMap[];
  activeId: number | null;
  onSelect(id: number): void;
  editable: boolean;
  onSaved(map: BrandMap): void;
}

const DEFAULT_COLOR = '#ff7200';

/** The drawer's left column: the knowledge maps, and with 编辑标签树 their creation and renaming. */
export function MapList({ maps, activeId, onSelect, editable, onSaved }: Props) {
  const runtime = useRuntime();
  const [editing, setEditing] = useState<BrandMap | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; color: string }>();
  const [saving, setSaving] = useState(false);

  const open = (target: BrandMap | 'new') => {
    form.setFieldsValue(target === 'new' ? { name: '', color: DEFAULT_COLOR } : { name: target.name, color: target.color || DEFAULT_COLOR });
    setEditing(target);
  };

  const save = async () => {
    const values = await validatedFields(form);
    if (!values) return;
    setSaving(true);
    try {
      const body = {
        name: values.name.trim(),
        color: typeof values.color === 'string' ? values.color : DEFAULT_COLOR,
        ...(editing !== 'new' && editing ? { id: editing.id } : {}),
      };
      const saved = await runtime.callOperation('brandLabels.saveMap', body);
      runtime.notify('success', editing === 'new' ? '图谱已新建' : '图谱已保存');
      setEditing(null);
      onSaved(saved);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ipm-tag-maps" role="listbox" aria-label="知识图谱">
      {maps.map((m) => (
        <div
          key={m.id}
          role="option"
          aria-selected={m.id === activeId}
          className={`ipm-tag-map${m.id === activeId ? ' is-active' : ''}`}
          onClick={() => onSelect(m.id)}
        >
          <span className="ipm-tag-map-dot" style={{ background: m.color || DEFAULT_COLOR }} />
          <span className="ipm-tag-map-name">{m.name}</span>
          {editable && (
            <Tooltip title="编辑图谱">
              <Button
                type="text"
                size="small"
                aria-label={`编辑图谱 ${m.name}`}
                icon={<EditOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  open(m);
                }}
              />
            </Tooltip>
          )}
        </div>
      ))}
      {maps.length === 0 && <div className="ipm-tag-empty">暂无图谱</div>}
      {editable && (
        <Button block type="dashed" icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginTop: 8 }}>
          新建图谱
        </Button>
      )}
      <Modal
        title={editing === 'new' ? '新建图谱' : '编辑图谱'}
        open={editing !== null}
        width={420}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            label="图谱名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入图谱名称' },
              { max: 30, message: '图谱名称不能超过 30 个字' },
            ]}
          >
            <Input placeholder="如 品牌体系" maxLength={30} />
          </Form.Item>
          <Form.Item label="颜色" name="color" getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}>
            <ColorPicker disabledAlpha presets={[{ label: '常用', colors: ['#ff7200', '#1677ff', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#faad14'] }]} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
