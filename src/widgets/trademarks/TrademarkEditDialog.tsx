import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { createForm, isField, type Form } from '@formily/core';
import { toJS } from '@formily/reactive';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { BrandArchivesAddBrandRequest, BrandArchivesSaveBrandRequest, FormilyNode, Trademark, UploadedFile } from '../../generated/types.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { pruneByPermission } from '../../runtime/pruneByPermission.js';
import { protectNestedSchemas } from '../../runtime/protectNestedSchemas.js';
import { FormItemStyleScope } from '../../runtime/components/FormItem.js';
import { pathOfUrl } from '../../runtime/upload/fileKinds.js';
import { useRefreshArchive } from './refreshArchive.js';
import { LogoPreviewContext } from './TrademarkLogoUpload.js';
import { changedFields, DATE_FIELDS, formValuesOf, newMarkRequest, type TrademarkFormValues } from './trademarkEditForm.js';
import { refuseWhileUploading } from '../../runtime/upload/uploadsInFlight.js';

/** The footer note (spec 001 §2: what is entered here is synced to the archive). */
export const SYNC_NOTE = '此处录入的商标信息将自动同步至商标档案';

/** The form the dialog shows: schemas/forms/trademark-edit.json, or the version the organisation published in the designer. */
export const TRADEMARK_EDIT_FORM = 'trademarkEdit';

/** The form field that holds the mark's image. */
const LOGO_FIELD = 'logo';

/**
 * The mark's current image as the uploader shows it. A generated register logo has no stored file
 * of its own (its address draws it), so it offers no download, only preview and removal.
 */
function currentLogo(record: Trademark | null): UploadedFile[] {
  if (!record?.tmLogoUrl) return [];
  return [{ uid: 'current-logo', name: '商标图样.png', size: 0, type: 'png', url: record.tmLogoUrl, path: pathOfUrl(record.tmLogoUrl) ?? '', status: 'done' }];
}

/** Which picture the image field holds, to tell whether the person replaced or removed it. */
const logoIdentity = (files: UploadedFile[] | undefined) => JSON.stringify((files ?? []).map((f) => f.path || f.url));

/**
 * The values of the fields on the form, by name: a field the form does not hold is not there, so
 * it is never sent. A date the person cleared is null, as the save call takes an empty date.
 */
function valuesOnForm(form: Form): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of Object.values(form.fields)) if (isField(field)) values[field.path.toString()] = toJS(field.value);
  for (const name of DATE_FIELDS) if (name in values) values[name] ??= null;
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
 * editing), the form on the right; 确定 and 取消 only in edit mode. The fields and their layout
 * are the form schema `trademarkEdit`, which the designer edits. An existing mark is read afresh
 * when the dialog opens, and 确定 sends only what the person changed against what was read: a
 * field left alone, the image included, is never written.
 */
export function TrademarkEditDialog({ open, onClose, record, editing: startEditing = true, onSaved }: TrademarkEditDialogProps) {
  const runtime = useRuntime();
  const refresh = useRefreshArchive();
  const SchemaField = useSchemaField();
  const definition = useOperation('schema.getForm', open ? { name: TRADEMARK_EDIT_FORM } : null);
  const [editing, setEditing] = useState(startEditing);
  /** The mark as read when the dialog opened; undefined while it is being read. */
  const [loaded, setLoaded] = useState<Trademark | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  // A fresh form for each read: it starts from what was read and takes no input before.
  const form = useMemo(
    () => createForm({ initialValues: loaded === undefined ? {} : { ...formValuesOf(loaded), [LOGO_FIELD]: currentLogo(loaded) }, disabled: true }),
    [loaded],
  );
  const ready = loaded !== undefined && definition.data !== undefined;
  useEffect(() => {
    form.setPattern(ready && editing ? 'editable' : 'disabled');
  }, [form, ready, editing]);

  const formSchema = definition.data?.form.schema as FormilyNode | undefined;
  // Compiled once per published version, with the nodes the user may not see removed.
  const schema = useMemo(() => {
    const permitted = formSchema ? pruneByPermission(formSchema, runtime.permissions) : null;
    return permitted ? new Schema(protectNestedSchemas(permitted) as ISchema) : null;
  }, [formSchema, runtime.permissions]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);

  const save = async () => {
    if (!ready) return;
    if (refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return;
    try {
      await form.validate();
    } catch {
      return;
    }
    const { [LOGO_FIELD]: logo, ...values } = valuesOnForm(form) as TrademarkFormValues & { [LOGO_FIELD]?: UploadedFile[] };
    const logoPath = logo?.[0]?.path || null;
    let request: Omit<BrandArchivesSaveBrandRequest, 'id'> | BrandArchivesAddBrandRequest;
    if (loaded) {
      const logoChanged = logo !== undefined && logoIdentity(logo) !== logoIdentity(currentLogo(loaded));
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

  const failure = error ?? definition.error?.message ?? null;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width="70%"
      title={
        <Space>
          <span>{record ? '商标信息' : '新增商标'}</span>
          {!editing && (
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
              <Button type="primary" loading={saving} disabled={!ready} onClick={save}>
                确定
              </Button>
            </>
          )}
        </div>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Spin spinning={!ready && !failure}>
        <FormProvider form={form}>
          <FormItemStyleScope>
            <LogoPreviewContext.Provider value={!editing}>
              <FormLayout layout="vertical" colon={false}>
                <div className={editing ? 'tm-edit-body' : 'tm-edit-body tm-edit-readonly'}>
                  {schema && <SchemaField schema={schema as ISchema} scope={scope} />}
                </div>
              </FormLayout>
            </LogoPreviewContext.Provider>
          </FormItemStyleScope>
        </FormProvider>
      </Spin>
    </Modal>
  );
}
