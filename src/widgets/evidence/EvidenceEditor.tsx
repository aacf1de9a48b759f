import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Trademark, UploadedFile, UseEvidence } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import { UploadScope } from '../../runtime/upload/UploadScope.js';
import { refuseWhileUploading } from '../../runtime/upload/uploadsInFlight.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { EVIDENCE_TYPES, coveragePath, evidenceFilesOf, idParam, uploadedFilesOf, useRefreshEvidence } from './evidenceLook.js';

interface Values {
  brandId?: number;
  goods: string[];
  evidenceType?: UseEvidence['evidenceType'];
  dateFrom?: Dayjs;
  dateTo?: Dayjs | null;
  title: string;
  description: string;
  files: UploadedFile[];
}

const markLabel = (m: Pick<Trademark, 'tmName' | 'appNo' | 'tmCl'>) => `${m.tmName || '图形'}（${m.appNo}）第${m.tmCl ?? '-'}类`;
const future = (d: Dayjs) => d.format('YYYY-MM-DD') > chinaToday();

/** The archive mark the evidence belongs to, looked up by name or number. */
function MarkSelect({ value, onChange, chosenLabel }: { value?: number; onChange?: (id: number | undefined) => void; chosenLabel?: string }) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useOperation('brandArchives.queryBrandPage', keyword ? { keyword, pageNo: 1, pageSize: 20 } : null);
  const options = useMemo(() => {
    const list = (found.data?.list ?? []).map((m) => ({ value: m.id, label: markLabel(m) }));
    if (value && chosenLabel && !list.some((o) => o.value === value)) list.unshift({ value, label: chosenLabel });
    return list;
  }, [found.data, value, chosenLabel]);
  return (
    <Select
      showSearch
      allowClear
      id="evidence-mark"
      value={value}
      placeholder="输入商标名称或申请号查找"
      filterOption={false}
      onSearch={setTyped}
      onChange={(id?: number) => onChange?.(id)}
      loading={found.isLoading}
      options={options}
      notFoundContent={keyword ? '没有找到商标' : '请输入商标名称或申请号'}
    />
  );
}

/** The goods items of the chosen mark, with 全选. */
function GoodsChoice({ goods, value = [], onChange }: { goods: string[]; value?: string[]; onChange?: (v: string[]) => void }) {
  if (goods.length === 0) return <Typography.Text type="secondary">请先选择商标；商标没有登记商品时无法录入</Typography.Text>;
  const all = goods.every((g) => value.includes(g));
  return (
    <Space direction="vertical">
      <Checkbox checked={all} indeterminate={!all && value.length > 0} onChange={(e) => onChange?.(e.target.checked ? [...goods] : [])}>
        全选
      </Checkbox>
      <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} options={goods.map((g) => ({ label: g, value: g }))} />
    </Space>
  );
}

/**
 * /brand/aptitudeProveEdit: adds an evidence item (with the mark from the address preselected) or
 * edits the one the address names. The server checks again what the form checks (dates not in
 * the future, the mark's own goods, the organisation's files) and refuses the whole item otherwise.
 */
export function EvidenceEditor() {
  const runtime = useRuntime();
  const id = idParam(runtime.query, 'id');
  const presetBrand = idParam(runtime.query, 'brandId');
  const existing = useOperation('evidence.detail', id ? { id } : null);
  const [form] = Form.useForm<Values>();
  const brandId = Form.useWatch('brandId', form);
  const marks = useOperation('evidence.coverage', brandId ? { brandId } : null);
  const goods = useMemo(() => (marks.data?.goods ?? []).map((g) => g.name), [marks.data]);
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshEvidence();
  // The files in flight of this form: it is not saved without them.
  const uploads = useMemo(() => ({}), []);

  useEffect(() => {
    const e = existing.data;
    if (!e) return;
    form.setFieldsValue({
      brandId: e.brandId,
      goods: e.goods,
      evidenceType: e.evidenceType,
      dateFrom: dayjs(e.dateFrom),
      dateTo: e.dateTo ? dayjs(e.dateTo) : null,
      title: e.title,
      description: e.description,
      files: uploadedFilesOf(e.files),
    });
  }, [existing.data, form]);

  if (id && existing.error) return <Alert type="error" showIcon message={existing.error.message} />;
  if (id && !existing.data) return <Skeleton active />;

  const save = async (values: Values) => {
    if (refuseWhileUploading(uploads, (text) => runtime.notify('warning', text))) return;
    setSaving(true);
    try {
      const saved = await runtime.callOperation('evidence.save', {
        ...(id ? { id } : {}),
        brandId: values.brandId!,
        title: values.title,
        evidenceType: values.evidenceType!,
        dateFrom: values.dateFrom!.format('YYYY-MM-DD'),
        dateTo: values.dateTo ? values.dateTo.format('YYYY-MM-DD') : null,
        goods: values.goods as [string, ...string[]],
        description: values.description ?? '',
        files: evidenceFilesOf(values.files ?? []),
      });
      runtime.notify('success', '保存成功');
      await refresh();
      runtime.navigate(coveragePath(saved.brandId));
    } catch {
      // The HTTP client showed why; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const chosenLabel = existing.data ? markLabel(existing.data) : marks.data ? markLabel(marks.data) : undefined;
  return (
    <Card title={id ? '修改使用证据' : '添加使用证据'} size="small">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 16 }}
        initialValues={{ brandId: presetBrand, goods: [], title: '', description: '', files: [] }}
        onFinish={(v) => void save(v)}
        onValuesChange={(changed: Partial<Values>) => {
          // Another mark has other goods: what was ticked no longer applies.
          if ('brandId' in changed) form.setFieldValue('goods', []);
        }}
      >
        <Form.Item label="商标" name="brandId" htmlFor="evidence-mark" rules={[{ required: true, message: '请选择商标' }]}>
          <MarkSelect chosenLabel={chosenLabel} />
        </Form.Item>
        <Form.Item label="证明的商品" name="goods" rules={[{ required: true, type: 'array', min: 1, message: '请选择证据证明的商品' }]}>
          <GoodsChoice goods={goods} />
        </Form.Item>
        <Form.Item label="证据类型" name="evidenceType" rules={[{ required: true, message: '请选择证据类型' }]}>
          <Select placeholder="请选择" options={EVIDENCE_TYPES} />
        </Form.Item>
        <Form.Item
          label="证据日期"
          name="dateFrom"
          rules={[{ required: true, message: '请选择证据日期' }]}
          extra="单据、照片或页面上载明的日期；合同等有期限的，填开始日期"
        >
          <DatePicker disabledDate={future} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label="截止日期"
          name="dateTo"
          dependencies={['dateFrom']}
          extra="有起止期间时填写（如合同期限、广告投放期），不能晚于今天"
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: Dayjs | null) => {
                const from = getFieldValue('dateFrom') as Dayjs | undefined;
                if (value && from && value.isBefore(from, 'day')) throw new Error('截止日期不能早于证据日期');
              },
            }),
          ]}
        >
          <DatePicker disabledDate={future} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="证据名称" name="title" rules={[{ required: true, whitespace: true, message: '请输入证据名称' }]}>
          <Input maxLength={100} placeholder="如 2024 年华东区经销合同" />
        </Form.Item>
        <Form.Item label="说明" name="description">
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <UploadScope scope={uploads}>
          <Form.Item label="文件" name="files">
            <AttachmentUpload maxCount={30} drag />
          </Form.Item>
        </UploadScope>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button onClick={() => runtime.navigate(brandId ? coveragePath(brandId) : '/brand/useEvidence')}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
