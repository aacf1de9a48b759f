import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal, Radio, Select } from 'antd';
import type { ArchiveSettingsButtonProps, BrandArchivesGetGlobalConfigurationResponse as ArchiveSettings } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { validatedFields } from '../../runtime/validatedFields.js';
import { useRefreshArchive } from './refreshArchive.js';

const SORT_FIELDS: { value: ArchiveSettings['sortField']; label: string }[] = [
  { value: 'app_date', label: '申请日期' },
  { value: 'reg_date', label: '注册日期' },
  { value: 'private_end_date', label: '专用权截止日期' },
  { value: 'tm_name', label: '商标名称' },
  { value: 'app_no', label: '申请号' },
  { value: 'created_at', label: '录入时间' },
];

/**
 * 档案设置: the organisation's archive settings (default view and sort, how many months ahead
 * expiry is counted), for holders of the permission (系统设置 by default).
 */
export function ArchiveSettingsButton({ label = '档案设置', permission = 'systemSettings' }: ArchiveSettingsButtonProps) {
  const runtime = useRuntime();
  const refresh = useRefreshArchive();
  const [form] = Form.useForm<ArchiveSettings>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!runtime.permissions.has(permission)) return null;
  const show = async () => {
    setError(null);
    setOpen(true);
    try {
      form.setFieldsValue(await runtime.callOperation('brandArchives.getGlobalConfiguration', {}));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const save = async () => {
    const values = await validatedFields(form);
    if (!values) return;
    setSaving(true);
    try {
      await runtime.callOperation('brandArchives.updateGlobalConfiguration', values);
      runtime.notify('success', '设置已保存');
      await refresh();
      setOpen(false);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => void show()}>{label}</Button>
      <Modal
        open={open}
        title="商标档案设置"
        width={520}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        okButtonProps={{ loading: saving }}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="defaultView" label="默认视图" extra="用户自己切换过的，以其选择为准">
            <Radio.Group
              options={[
                { value: 'card', label: '卡片' },
                { value: 'table', label: '列表' },
              ]}
            />
          </Form.Item>
          <Form.Item name="sortField" label="默认排序">
            <Select options={SORT_FIELDS} />
          </Form.Item>
          <Form.Item name="sortType" label="排序方向">
            <Radio.Group
              options={[
                { value: 'desc', label: '降序' },
                { value: 'asc', label: '升序' },
              ]}
            />
          </Form.Item>
          <Form.Item name="expiryReminderMonths" label="到期提醒提前月数" rules={[{ required: true, message: '请输入到期提醒提前月数' }]}>
            <InputNumber min={1} max={12} precision={0} addonAfter="个月" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
