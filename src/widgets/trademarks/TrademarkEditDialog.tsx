import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Collapse, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Typography } from 'antd';
import type { BrandArchivesAddBrandRequest, BrandArchivesSaveBrandRequest, Trademark, UploadedFile } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { ThumbnailUpload } from '../../runtime/components/ThumbnailUpload.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { pathOfUrl } from '../../runtime/upload/fileKinds.js';
import { validatedFields } from '../../runtime/validatedFields.js';
import { useCountryList } from '../countries/index.js';
import { useRefreshArchive } from './refreshArchive.js';
import { TM_STATUSES } from './trademarkText.js';
import { changedFields, formValuesOf, newMarkRequest, type DATE_FIELDS, type TEXT_FIELDS, type TrademarkFormValues } from './trademarkEditForm.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';

const TRADEMARK = FIELD_TITLES.Trademark;

/** The footer note (spec 001 §2: what is entered here is synced to the archive). */
export const SYNC_NOTE = '此处录入的商标信息将自动同步至商标档案';

/**
 * The mark's current image as the uploader shows it. A generated register logo has no stored file
 * of its own (its address draws it), so it offers no download, only preview and removal.
 */
function currentLogo(record: Trademark | null): UploadedFile[] {
  if (!record?.tmLogoUrl) return [];
  return [{ uid: 'current-logo', name: '商标图样.png', size: 0, type: 'png', url: record.tmLogoUrl, path: pathOfUrl(record.tmLogoUrl) ?? '', status: 'done' }];
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
 * editing), the form on the right; 确定 and 取消 only in edit mode. An existing mark is read afresh
 * when the dialog opens, and 确定 sends only what the person changed against what was read: a
 * field left alone, the image included, is never written.
 */
export function TrademarkEditDialog({ open, onClose, record, editing: startEditing = true, onSaved }: TrademarkEditDialogProps) {
  const runtime = useRuntime();
  const refresh = useRefreshArchive();
  const { countries } = useCountryList();
  const [form] = Form.useForm<TrademarkFormValues>();
  const [editing, setEditing] = useState(startEditing);
  /** The mark as read when the dialog opened; undefined while it is being read. */
  const [loaded, setLoaded] = useState<Trademark | null | undefined>(undefined);
  const [logo, setLogo] = useState<UploadedFile[]>([]);
  const [logoChanged, setLogoChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);
  const recordId = record?.id ?? null;
  // The runtime changes with the address; an open dialog is not read again for that.
  const runtimeRef = useRef(runtime);
  runtimeRef.current = runtime;

  useEffect(() => {
    // A closed dialog forgets the mark, so reopening it waits for a fresh read before taking input.
    if (!open) {
      setLoaded(undefined);
      return;
    }
    let current = true;
    setEditing(startEditing);
    setError(null);
    setLogoChanged(false);
    setLoaded(recordId === null ? null : undefined);
    if (recordId === null) return;
    runtimeRef.current
      .callOperation('brandArchives.queryBrandDetailList', { id: recordId })
      .then((reply) => current && setLoaded(reply.detailVo.record))
      .catch((err: Error) => current && setError(err.message));
    return () => {
      current = false;
    };
  }, [open, recordId, startEditing]);

  useEffect(() => {
    if (!open || loaded === undefined) return;
    setLogo(currentLogo(loaded));
    form.resetFields();
    form.setFieldsValue(formValuesOf(loaded));
  }, [open, loaded, form]);

  const save = async () => {
    if (loaded === undefined) return;
    const values = await validatedFields(form);
    if (!values) return;
    const logoPath = logo[0]?.path || null;
    let request: Omit<BrandArchivesSaveBrandRequest, 'id'> | BrandArchivesAddBrandRequest;
    if (loaded) {
      request = { ...changedFields(loaded, values), ...(logoChanged ? { logoPath } : {}) };
      if (Object.keys(request).length === 0) {
        runtime.notify('info', '未作修改');
        onClose();
        return;
      }
    } else {
      request = { ...newMarkRequest(values), ...(logoPath ? { logoPath } : {}) };
    }
    setSaving(true);
    setError(null);
    try {
      const saved = loaded
        ? await runtime.callOperation('brandArchives.saveBrand', { ...request, id: loaded.id } satisfies BrandArchivesSaveBrandRequest)
        : await runtime.callOperation('brandArchives.addBrand', request as BrandArchivesAddBrandRequest);
      runtime.notify('success', loaded ? '修改成功' : '添加成功');
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
      <Input maxLength={name === 'remark' ? 1000 : 200} />
    </Form.Item>
  );
  const date = (name: (typeof DATE_FIELDS)[number], label: string) => (
    <Form.Item name={name} label={label}>
      <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" />
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
              <Button type="primary" loading={saving} disabled={loaded === undefined} onClick={save}>
                确定
              </Button>
            </>
          )}
        </div>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Spin spinning={loaded === undefined && !error}>
        <div className="tm-edit-body">
          <div className="tm-edit-file">
            <Typography.Text type="secondary">商标图样</Typography.Text>
            <div style={{ marginTop: 8 }}>
              {editing ? (
                <ThumbnailUpload
                  value={logo}
                  onChange={(files) => {
                    setLogo(files);
                    setLogoChanged(true);
                  }}
                  limit={1}
                  accept={['jpg', 'png']}
                />
              ) : (
                <FallbackImage width={240} src={(loaded ?? record)?.tmLogoUrl ?? undefined} alt="商标图样" />
              )}
            </div>
          </div>
          <Form form={form} layout="vertical" className="tm-edit-form" disabled={readOnly || loaded === undefined} requiredMark={editing}>
            <Row gutter={16}>
              <Col span={12}>{text('tmName', TRADEMARK.tmName, { rules: [{ required: true, whitespace: true, message: '请输入商标名称' }] })}</Col>
              <Col span={12}>
                <Form.Item name="countryCode" label="国家/地区">
                  <Select showSearch optionFilterProp="label" options={countryOptions} />
                </Form.Item>
              </Col>
              <Col span={12}>{text('appNo', TRADEMARK.appNo, { rules: [{ required: true, whitespace: true, message: '请输入申请号' }] })}</Col>
              <Col span={12}>{text('regNo', TRADEMARK.regNo)}</Col>
              <Col span={12}>
                <Form.Item
                  name="tmCl"
                  label="类别"
                  rules={[
                    { required: true, message: '请输入类别' },
                    { type: 'integer', min: 1, max: 45, message: '类别应为 1 到 45' },
                  ]}
                >
                  <InputNumber min={1} max={45} precision={0} style={{ width: '100%' }} addonBefore="第" addonAfter="类" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="tmStatus" label="商标状态">
                  <Select allowClear options={TM_STATUSES.map((s) => ({ value: s, label: s }))} />
                </Form.Item>
              </Col>
              <Col span={12}>{text('oriTmStatus', TRADEMARK.oriTmStatus)}</Col>
              <Col span={12}>{text('submitWay', TRADEMARK.submitWay)}</Col>
              <Col span={12}>{text('applicant', TRADEMARK.applicant)}</Col>
              <Col span={12}>{text('applicantAddress', TRADEMARK.applicantAddress)}</Col>
              <Col span={12}>{date('appDate', TRADEMARK.appDate)}</Col>
              <Col span={12}>{date('prelimDate', TRADEMARK.prelimDate)}</Col>
              <Col span={12}>{text('announcementIssue', TRADEMARK.announcementIssue)}</Col>
              <Col span={12}>{date('regDate', TRADEMARK.regDate)}</Col>
              <Col span={12}>{text('regIssue', TRADEMARK.regIssue)}</Col>
              <Col span={12}>{date('privateEndDate', TRADEMARK.privateEndDate)}</Col>
              <Col span={12}>{text('agent', TRADEMARK.agent)}</Col>
              <Col span={12}>{text('tmType', TRADEMARK.tmType)}</Col>
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
                      <Col span={12}>{text('applicantEn', TRADEMARK.applicantEn)}</Col>
                      <Col span={12}>{text('applicantAddressEn', TRADEMARK.applicantAddressEn)}</Col>
                      <Col span={12}>{text('agentEn', TRADEMARK.agentEn)}</Col>
                      <Col span={12}>{text('agentAddress', TRADEMARK.agentAddress)}</Col>
                      <Col span={12}>{text('agentAddressEn', TRADEMARK.agentAddressEn)}</Col>
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
      </Spin>
    </Modal>
  );
}
