import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Space, Spin, Typography } from 'antd';
import { createForm, onFieldValueChange } from '@formily/core';
import { toJS } from '@formily/reactive';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import type { FormilyNode, OfficialDocument, OfficialsOfficialManageRequest, OfficialTypeCatalogEntry, UploadedFile } from '../../generated/types.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { protectNestedSchemas } from '../../runtime/protectNestedSchemas.js';
import { FormItemStyleScope } from '../../runtime/components/FormItem.js';
import { PdfPreviewDialog } from '../../runtime/blocks/PdfPreviewDialog.js';
import { useSWRConfig } from 'swr';
import { LetterBusinessContext, relatedMarkOf, UNKNOWN_TYPE_FIELD, UNKNOWN_TYPE_WARNING, type LetterBusiness, type RelatedMark } from './letterForm.js';
import { refuseWhileUploading } from '../../runtime/upload/uploadsInFlight.js';

/** The form the drawer shows: schemas/forms/official-document.json, or the organisation's published version. */
export const OFFICIAL_DOCUMENT_FORM = 'officialDocument';

/** The footer note of the trademark info dialog (spec 001 §2), for what the form writes back to the archive. */
const SYNC_NOTE = '此处录入的商标信息将自动同步至商标档案';

interface FormValues {
  id?: number;
  documentClass?: number;
  documentType?: string;
  mediaAttributes?: '电子' | '纸质' | '公告';
  dispatchNo?: string;
  sendDate?: string | null;
  receiveDate?: string | null;
  receiptProven?: boolean;
  officalLimit?: string | null;
  handlingLimit?: string | null;
  brandDetail?: RelatedMark[];
  regNo?: string;
  regDate?: string | null;
  endDate?: string | null;
  appDate?: string | null;
  applicant?: string;
  applicantAddress?: string;
  disputedDate?: string | null;
  rulingResult?: string;
  tmStatus?: string;
  changeBrand?: boolean;
  files?: UploadedFile[];
  fileHash?: string;
  remark?: string;
}

/** The form's values for a stored letter. */
function valuesOf(letter: OfficialDocument, marks: RelatedMark[]): FormValues {
  const d = letter.details;
  return {
    id: letter.id,
    documentType: letter.documentType,
    mediaAttributes: letter.deliveryMethod,
    dispatchNo: letter.dispatchNo,
    sendDate: letter.sendDate,
    receiveDate: letter.receiveDate,
    receiptProven: letter.receiptProven,
    officalLimit: letter.officalLimit,
    handlingLimit: letter.handlingLimit,
    brandDetail: marks,
    regNo: d.regNo,
    regDate: d.regDate,
    endDate: d.endDate,
    appDate: d.appDate,
    applicant: d.applicant,
    applicantAddress: d.applicantAddress,
    disputedDate: d.disputedDate,
    rulingResult: d.rulingResult,
    tmStatus: d.tmStatus,
    files: letter.files,
    fileHash: letter.fileHash,
    remark: letter.remark,
  };
}

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : undefined);

/** The save request for what the form holds. */
function requestOf(v: FormValues, business: LetterBusiness): OfficialsOfficialManageRequest {
  const marks = v.brandDetail ?? [];
  const request: OfficialsOfficialManageRequest = {
    ...(v.id ? { id: v.id } : {}),
    business,
    documentType: v.documentType ?? '',
    mediaAttributes: v.mediaAttributes ?? '电子',
    brandDetail: marks.map((m) => ({
      ...(m.id !== undefined ? { id: m.id } : {}),
      appNo: m.appNo,
      ...(m.tmName ? { tmName: m.tmName } : {}),
    })) as OfficialsOfficialManageRequest['brandDetail'],
    receiveDate: v.receiveDate ?? '',
    receiptProven: Boolean(v.receiptProven),
    handlingLimit: v.handlingLimit || null,
  };
  const optional = {
    dispatchNo: text(v.dispatchNo),
    sendDate: text(v.sendDate),
    filePath: v.files?.[0]?.path || undefined,
    remark: v.remark ?? undefined,
    regNo: text(v.regNo),
    regDate: text(v.regDate),
    endDate: text(v.endDate),
    appDate: text(v.appDate),
    applicant: text(v.applicant),
    applicantAddress: text(v.applicantAddress),
    disputedDate: text(v.disputedDate),
    rulingResult: text(v.rulingResult),
    tmStatus: text(v.tmStatus),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) (request as unknown as Record<string, unknown>)[key] = value;
  const target = marks.find((m) => m.id !== undefined);
  if (v.changeBrand && target?.id !== undefined) {
    request.updateBrandInfo = {
      id: target.id,
      ...(optional.tmStatus ? { tmStatus: optional.tmStatus } : {}),
      ...(optional.regNo ? { regNo: optional.regNo } : {}),
      ...(optional.regDate ? { regDate: optional.regDate } : {}),
      ...(optional.endDate ? { endDate: optional.endDate } : {}),
      ...(optional.appDate ? { appDate: optional.appDate } : {}),
      ...(optional.applicant ? { applicant: optional.applicant } : {}),
      ...(optional.applicantAddress ? { applicantAddress: optional.applicantAddress } : {}),
    };
  }
  return request;
}

export interface OfficialLetterDrawerProps {
  open: boolean;
  onClose: () => void;
  business: LetterBusiness;
  /** The letter to show; null for a new one. */
  letterId: number | null;
  /** A new letter starts linked to this archive mark (a mark's page). */
  markId?: number;
}

/**
 * 官文 (spec 001 §3–§5): a stored letter opens read-only (values or "--", tooltips on the
 * labels) with 编辑; a new one opens for input. Saving checks the type against the catalogue
 * (当前官文类型不存在…), sends the form to officials.officialManage, and refreshes the lists.
 */
export function OfficialLetterDrawer({ open, onClose, business, letterId, markId }: OfficialLetterDrawerProps) {
  const runtime = useRuntime();
  const { mutate } = useSWRConfig();
  const SchemaField = useSchemaField();
  const definition = useOperation('schema.getForm', open ? { name: OFFICIAL_DOCUMENT_FORM } : null);
  const catalogReply = useOperation('officials.getOfficialTypeList', open ? { business } : null);
  const catalogRef = useRef<OfficialTypeCatalogEntry[]>([]);
  catalogRef.current = catalogReply.data ?? [];
  const [loaded, setLoaded] = useState<FormValues | null | undefined>(undefined);
  const [editing, setEditing] = useState(letterId === null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const runtimeRef = useRef(runtime);
  runtimeRef.current = runtime;

  useEffect(() => {
    if (!open) {
      setLoaded(undefined);
      return;
    }
    let current = true;
    setEditing(letterId === null);
    setError(null);
    if (letterId === null && markId === undefined) {
      setLoaded(null);
      return;
    }
    if (letterId === null) {
      setLoaded(undefined);
      runtimeRef.current
        .callOperation('brandArchives.queryBrandDetailList', { id: markId! }, { silent: true })
        .then((reply) => current && setLoaded({ mediaAttributes: '电子', brandDetail: [relatedMarkOf(reply.detailVo.record)] }))
        .catch(() => current && setLoaded(null));
      return () => {
        current = false;
      };
    }
    setLoaded(undefined);
    runtimeRef.current
      .callOperation('officials.getOfficial', { id: letterId })
      .then((reply) => current && setLoaded(valuesOf(reply.letter, reply.brandDetail)))
      .catch((err: Error) => current && setError(err.message));
    return () => {
      current = false;
    };
  }, [open, letterId, markId]);

  const form = useMemo(
    () =>
      createForm<FormValues>({
        initialValues: loaded ?? { mediaAttributes: '电子' },
        effects() {
          // The class-specific fields follow the type's class in the catalogue.
          onFieldValueChange('documentType', (field) => {
            const entry = catalogRef.current.find((e) => e.officalType === field.value);
            field.form.setValuesIn('documentClass', entry?.documentClass ?? 0);
          });
        },
      }),
    [loaded],
  );
  const ready = loaded !== undefined && definition.data !== undefined;
  useEffect(() => {
    form.setPattern(ready && editing ? 'editable' : 'readPretty');
  }, [form, ready, editing]);
  // The class of a stored letter's type, once the catalogue is read.
  useEffect(() => {
    const entry = catalogReply.data?.find((e) => e.officalType === form.values.documentType);
    form.setValuesIn('documentClass', entry?.documentClass ?? 0);
  }, [form, catalogReply.data]);

  const formSchema = definition.data?.form.schema as FormilyNode | undefined;
  const schema = useMemo(() => (formSchema ? new Schema(protectNestedSchemas(formSchema) as ISchema) : null), [formSchema]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);

  const save = async () => {
    if (refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return;
    try {
      await form.validate();
    } catch {
      return;
    }
    const values = toJS(form.values);
    if (catalogRef.current.length > 0 && !catalogRef.current.some((e) => e.officalType === values.documentType)) {
      form.setFieldState('documentType', (state) => {
        state.selfErrors = [UNKNOWN_TYPE_FIELD];
      });
      runtime.notify('warning', UNKNOWN_TYPE_WARNING);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await runtime.callOperation('officials.officialManage', requestOf(values, business));
      runtime.notify('success', values.id ? '修改成功' : '添加成功');
      await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && (key[0].startsWith('officials.') || key[0].startsWith('brandOfficials.')));
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const file = loaded?.files?.[0];
  const failure = error ?? definition.error?.message ?? null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={900}
      destroyOnHidden
      title={
        <Space>
          <span>{letterId === null ? '新增官文' : '官文详情'}</span>
          {!editing && ready && (
            <Button size="small" type="link" onClick={() => setEditing(true)}>
              编辑
            </Button>
          )}
          {file && file.path && (
            <Button size="small" type="link" onClick={() => setPreview(file.path)}>
              预览
            </Button>
          )}
        </Space>
      }
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Text type="secondary">{SYNC_NOTE}</Typography.Text>
          {editing && (
            <Space>
              <Button onClick={onClose}>取消</Button>
              <Button type="primary" loading={saving} disabled={!ready} onClick={save}>
                确定
              </Button>
            </Space>
          )}
        </div>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Spin spinning={!ready && !failure}>
        <LetterBusinessContext.Provider value={business}>
          <PreviewText.Placeholder value="--">
            <FormProvider form={form}>
              <FormItemStyleScope>
                <FormLayout layout="vertical" colon={false}>
                  {schema && <SchemaField schema={schema as ISchema} scope={scope} />}
                </FormLayout>
              </FormItemStyleScope>
            </FormProvider>
          </PreviewText.Placeholder>
        </LetterBusinessContext.Provider>
      </Spin>
      <PdfPreviewDialog open={preview !== null} onClose={() => setPreview(null)} src={preview ?? ''} title="官文预览" />
    </Drawer>
  );
}
