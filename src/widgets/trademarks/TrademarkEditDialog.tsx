import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Collapse, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { BrandArchivesAddBrandRequest, BrandArchivesSaveBrandRequest, Trademark, UploadedFile } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { ThumbnailUpload } from '../../runtime/components/ThumbnailUpload.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { useCountryList } from '../countries/useCountries.js';
import { goodsToText, textToGoods } from './goodsText.js';
import { useRefreshArchive } from './refreshArchive.js';
import { DEFAULT_COUNTRY, DEFAULT_SUBMIT_WAY, TM_STATUSES } from './trademarkText.js';

/** The footer note (spec 001 §2: what is entered here is synced to the archive). */
export const SYNC_NOTE = '此处录入的商标信息将自动同步至商标档案';

const DATE_FIELDS = ['appDate', 'prelimDate', 'regDate', 'privateEndDate'] as const;
const TEXT_FIELDS = [
  'tmName', 'appNo', 'regNo', 'tmStatus', 'oriTmStatus', 'tmType', 'submitWay', 'applicant', 'applicantEn', 'applicantAddress', 'applicantAddressEn',
  'agent', 'agentEn', 'agentAddress', 'agentAddressEn', 'announcementIssue', 'regIssue', 'remark',
] as const;

type FormValues = Partial<Record<(typeof TEXT_FIELDS)[number], string>> &
  Partial<Record<(typeof DATE_FIELDS)[number], Dayjs | null>> & { tmCl?: number; countryCode?: string; goodsText?: string; goodsTextEn?: string };

/** The logo's stored path from its download address. */
const logoPathOf = (url: string | null | undefined): string | null => (url ? new URL(url, 'http://x').searchParams.get('path') : null);

function initialValues(record: Trademark | null): FormValues {
  if (!record) return { countryCode: DEFAULT_COUNTRY, submitWay: DEFAULT_SUBMIT_WAY, tmType: '普通商标' };
  const values: FormValues = { tmCl: record.tmCl ?? undefined, countryCode: record.countryCode, goodsText: goodsToText(record.goodsItems), goodsTextEn: goodsToText(record.goodsItemsEn ?? []) };
  for (const f of TEXT_FIELDS) values[f] = (record[f] as string | null | undefined) ?? '';
  for (const f of DATE_FIELDS) values[f] = record[f] ? dayjs(record[f]) : null;
  return values;
}

export interface TrademarkEditDialogProps {
  open: boolean;
  onClose: () => void;
  /** The mark to show or edit; null to enter a new one by hand. */
  record: Trademark | null;
  /** Opens in edit mode; otherwise read-only with a switch to edit. */
  editing?: boolean;
  onSaved?: (saved: Trademark) => void;
}

/**
 * 商标信息 (spec 001 §2): 70% wide, the mark's image on the left (preview, or upload when
 * editing), the form on the right; 确定 and 取消 only in edit mode.
 */
export function TrademarkEditDialog({ open, onClose, record, editing: startEditing = true, onSaved }: TrademarkEditDialogProps) {
  const runtime = useRuntime();
  const refresh = useRefreshArchive();
  const { countries } = useCountryList();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState(startEditing);
  const [logo, setLogo] = useState<UploadedFile[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);

  useEffect(() => {
    if (!open) return;
    setEditing(startEditing);
    setError(null);
    setLogo(record?.tmLogoUrl ? [{ uid: 'logo', name: '商标图样', size: 0, type: 'image/png', url: record.tmLogoUrl, path: logoPathOf(record.tmLogoUrl) ?? '', status: 'done' } as UploadedFile] : []);
    form.resetFields();
    form.setFieldsValue(initialValues(record));
  }, [open, record, startEditing, form]);

  const save = async () => {
    const values = await form.validateFields();
    const body: Omit<BrandArchivesSaveBrandRequest, 'id'> = {};
    for (const f of TEXT_FIELDS) if (values[f] !== undefined) body[f] = values[f] ?? '';
    body.regNo = values.regNo?.trim() || null;
    for (const f of DATE_FIELDS) body[f] = values[f] ? values[f]!.format('YYYY-MM-DD') : null;
    if (values.tmCl !== undefined && values.tmCl !== null) body.tmCl = values.tmCl;
    body.countryCode = values.countryCode || DEFAULT_COUNTRY;
    body.goodsItems = textToGoods(values.goodsText ?? '', record?.goodsItems ?? []);
    body.goodsItemsEn = textToGoods(values.goodsTextEn ?? '', record?.goodsItemsEn ?? []);
    body.logoPath = logo[0]?.path || null;
    setSaving(true);
    setError(null);
    try {
      const saved = record
        ? await runtime.callOperation<Trademark>('brandArchives.saveBrand', { ...body, id: record.id } satisfies BrandArchivesSaveBrandRequest)
        : await runtime.callOperation<Trademark>('brandArchives.addBrand', body as BrandArchivesAddBrandRequest);
      runtime.notify('success', record ? '修改成功' : '添加成功');
      await refresh();
      onSaved?.(saved);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const readOnly = !editing;
  const text = (name: (typeof TEXT_FIELDS)[number], label: string, extra: object = {}) => (
    <Form.Item name={name} label={label} {...extra}>
      <Input disabled={readOnly} maxLength={name === 'remark' ? 1000 : 200} />
    </Form.Item>
  );
  const date = (name: (typeof DATE_FIELDS)[number], label: string) => (
    <Form.Item name={name} label={label}>
      <DatePicker disabled={readOnly} style={{ width: '100%' }} placeholder="YYYY-MM-DD" />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width="70%"
      title={
        <Space>
          <span>{record ? '商标信息' : '新增商标'}</span>
          {readOnly && (
            <Button size="small" type="link" onClick={() => setEditing(true)}>
              编辑
            </Button>
          )}
        </Space>
      }
      destroyOnHidden
      footer={
        <div className="tm-edit-footer">
          <Typography.Text className="tm-edit-note">{SYNC_NOTE}</Typography.Text>
          {editing && (
            <>
              <Button onClick={onClose}>取消</Button>
              <Button type="primary" loading={saving} onClick={save}>
                确定
              </Button>
            </>
          )}
        </div>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <div className="tm-edit-body">
        <div className="tm-edit-file">
          <Typography.Text type="secondary">商标图样</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {editing ? (
              <ThumbnailUpload value={logo} onChange={setLogo} limit={1} accept={['jpg', 'png']} />
            ) : (
              <FallbackImage width={240} src={record?.tmLogoUrl ?? undefined} alt="商标图样" />
            )}
          </div>
        </div>
        <Form form={form} layout="vertical" className="tm-edit-form" disabled={readOnly} requiredMark={editing}>
          <Row gutter={16}>
            <Col span={12}>{text('tmName', '商标名称', { rules: [{ required: true, whitespace: true, message: '请输入商标名称' }] })}</Col>
            <Col span={12}>
              <Form.Item name="countryCode" label="国家/地区">
                <Select showSearch optionFilterProp="label" options={countryOptions} />
              </Form.Item>
            </Col>
            <Col span={12}>{text('appNo', '申请号', { rules: [{ required: true, whitespace: true, message: '请输入申请号' }] })}</Col>
            <Col span={12}>{text('regNo', '注册号')}</Col>
            <Col span={12}>
              <Form.Item name="tmCl" label="类别" rules={[{ required: true, message: '请输入类别' }, { type: 'integer', min: 1, max: 45, message: '类别应为 1 到 45' }]}>
                <InputNumber min={1} max={45} precision={0} style={{ width: '100%' }} addonBefore="第" addonAfter="类" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="tmStatus" label="商标状态">
                <Select allowClear options={TM_STATUSES.map((s) => ({ value: s, label: s }))} />
              </Form.Item>
            </Col>
            <Col span={12}>{text('oriTmStatus', '流程状态')}</Col>
            <Col span={12}>{text('submitWay', '申请方式')}</Col>
            <Col span={12}>{text('applicant', '申请人')}</Col>
            <Col span={12}>{text('applicantAddress', '申请人地址')}</Col>
            <Col span={12}>{date('appDate', '申请日期')}</Col>
            <Col span={12}>{date('prelimDate', '初审公告日期')}</Col>
            <Col span={12}>{date('regDate', '注册日期')}</Col>
            <Col span={12}>{date('privateEndDate', '专用权截止日期')}</Col>
            <Col span={12}>{text('agent', '代理机构')}</Col>
            <Col span={12}>{text('tmType', '商标类型')}</Col>
            <Col span={24}>
              <Form.Item name="goodsText" label="商品/服务项目" extra="每行一个类似群：群号、空格，再以“；”分隔商品名称，如 0901 计算机；鼠标">
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注">
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
              </Form.Item>
            </Col>
          </Row>
          <Collapse
            size="small"
            items={[
              {
                key: 'overseas',
                label: '海外信息（英文）',
                forceRender: true,
                children: (
                  <Row gutter={16}>
                    <Col span={12}>{text('applicantEn', '申请人（英文）')}</Col>
                    <Col span={12}>{text('applicantAddressEn', '申请人地址（英文）')}</Col>
                    <Col span={12}>{text('agentEn', '代理机构（英文）')}</Col>
                    <Col span={12}>{text('agentAddress', '代理机构地址')}</Col>
                    <Col span={12}>{text('agentAddressEn', '代理机构地址（英文）')}</Col>
                    <Col span={24}>
                      <Form.Item name="goodsTextEn" label="商品/服务项目（英文）">
                        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
                      </Form.Item>
                    </Col>
                  </Row>
                ),
              },
            ]}
          />
        </Form>
      </div>
    </Modal>
  );
}
