import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { createForm, type Form } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { toJS } from '@formily/reactive';
import type { DemandDetail, DemandMark, DemandType, UploadedFile } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import { ProposalMarksField, markOf } from './ProposalMarksField.js';
import './proposals.css';
import { storedFilesOf as demandFilesOf, uploadedFilesOf } from '../../runtime/upload/storedFiles.js';
import { useRefreshProposals } from './refreshProposals.js';
import { refuseWhileUploading } from '../../runtime/upload/uploadsInFlight.js';

const TITLE_MAX = 100;
const MAX_FILES = 30;

/** The type form's archive-mark field and what choosing a mark fills in (its MarkPicker's `fill`). */
function markPickerOf(node: FormNode): { name: string; fill: Record<string, string> } | null {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (child['x-component'] === 'MarkPicker') {
      const props = (child['x-component-props'] ?? {}) as { fill?: Record<string, string> };
      return { name, fill: props.fill ?? {} };
    }
    const inner = markPickerOf(child);
    if (inner) return inner;
  }
  return null;
}

/** The problems of the type form the user can see: its rules, less fields the form hides. */
function visibleProblems(form: Form, schema: FormNode): string[] {
  return formProblems(schema, form.values)
    .filter((p) => {
      const field = form.query(p.path).take();
      return field ? field.visible : false;
    })
    .map(problemText);
}

/**
 * A new proposal of a type, or a draft, rejected or withdrawn one its submitter edits: the title,
 * the type's Formily form rendered by the runtime, the marks it concerns and its files.
 * 保存草稿 saves it; 提交审批 checks the form's rules, saves and submits it.
 */
export function ProposalEditor({
  type,
  detail,
  brandId,
  onDone,
  onCancel,
}: {
  type: DemandType;
  detail: DemandDetail | null;
  brandId?: number;
  onDone: (saved: DemandDetail) => void;
  onCancel: () => void;
}) {
  const runtime = useRuntime();
  const SchemaField = useSchemaField();
  const refresh = useRefreshProposals();
  const schema = type.form as FormNode;
  const form = useMemo(
    () => createForm({ initialValues: detail ? structuredClone(detail.formData) : {} }),
    // The editor is keyed by the proposal's update time: a newer version starts a new form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [title, setTitle] = useState(detail?.title ?? '');
  const [titleProblem, setTitleProblem] = useState<string | null>(null);
  const [marks, setMarks] = useState<DemandMark[]>(detail?.marks ?? []);
  const [files, setFiles] = useState<UploadedFile[]>(() => (detail ? uploadedFilesOf(detail.files) : []));
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);

  // A mark chosen on the mark's page (新建提案 there): listed among the marks, and put in the form's own mark field if it has one.
  const picker = useMemo(() => markPickerOf(schema), [schema]);
  const preset = useOperation('brandArchives.queryBrandPage', !detail && brandId && brandId > 0 ? { ids: [brandId], pageNo: 1, pageSize: 1 } : null);
  useEffect(() => {
    const mark = preset.data?.list[0];
    if (!mark) return;
    setMarks((current) => (current.some((m) => m.brandId === mark.id) ? current : [...current, markOf(mark)]));
    if (!picker) return;
    form.setValuesIn(picker.name, mark.id);
    for (const [field, source] of Object.entries(picker.fill)) {
      const value = (mark as unknown as Record<string, unknown>)[source];
      if (value !== null && value !== undefined && value !== '') form.setValuesIn(field, value);
    }
  }, [form, picker, preset.data]);

  const checkTitle = (): string | null => {
    const text = title.trim();
    const problem = !text ? '请输入提案标题' : text.length > TITLE_MAX ? `提案标题不能超过 ${TITLE_MAX} 个字` : null;
    setTitleProblem(problem);
    return problem;
  };

  /** Saves what is on screen (new or the proposal being edited); the input stays when the server refuses it. */
  const save = async (quiet: boolean): Promise<DemandDetail | null> => {
    if (refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return null;
    const problem = checkTitle();
    if (problem) {
      runtime.notify('error', problem);
      return null;
    }
    const body = {
      ...(detail ? { id: detail.id } : { typeName: type.name }),
      title: title.trim(),
      // The form's values are observable proxies: sent as the plain data they hold.
      formData: toJS(form.values) as Record<string, unknown>,
      brandIds: marks.map((m) => m.brandId),
      files: demandFilesOf(files),
    };
    try {
      const saved = await runtime.callOperation('demand.demandManagement', body);
      if (!quiet) runtime.notify('success', detail ? '提案已保存' : `草稿已保存：${saved.demandNo}`);
      return saved;
    } catch {
      // The HTTP client showed the server's message; the input stays.
      return null;
    }
  };

  const saveDraft = async () => {
    setBusy('save');
    const saved = await save(false);
    setBusy(null);
    if (saved) {
      await refresh();
      onDone(saved);
    }
  };

  /** 提交审批: the form's own rules first (named, nothing sent), then the save, then the submission. */
  const submit = async () => {
    const problems = visibleProblems(form, schema);
    const titleIssue = checkTitle();
    if (titleIssue || problems.length > 0) {
      void form.validate().catch(() => undefined);
      const all = [...(titleIssue ? [titleIssue] : []), ...problems];
      runtime.notify('error', `还不能提交：${all.slice(0, 5).join('；')}${all.length > 5 ? ` 等 ${all.length} 处` : ''}`);
      return;
    }
    setBusy('submit');
    const saved = await save(true);
    if (!saved) {
      setBusy(null);
      return;
    }
    try {
      const submitted = await runtime.callOperation('demand.submitForApproval', { id: saved.id });
      runtime.notify('success', '提案已提交审批');
      await refresh();
      onDone(submitted);
    } catch {
      // Saved but not submitted (the server said why): the proposal opens as the draft it now is.
      await refresh();
      onDone(saved);
    } finally {
      setBusy(null);
    }
  };

  const again = detail && (detail.state === 'rejected' || detail.state === 'withdrawn');
  return (
    <div className="proposal-page" data-testid="proposal-editor">
      <Card
        className="proposal-header"
        title={
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {detail ? `编辑提案 · ${detail.demandNo}` : `新建${type.title}`}
            </Typography.Title>
          </Space>
        }
        extra={
          <Space wrap>
            <Button loading={busy === 'save'} disabled={busy === 'submit'} onClick={() => void saveDraft()}>
              保存草稿
            </Button>
            <Button type="primary" loading={busy === 'submit'} disabled={busy === 'save'} onClick={() => void submit()}>
              {again ? '重新提交审批' : '提交审批'}
            </Button>
            <Button onClick={onCancel} disabled={busy !== null}>
              取消
            </Button>
          </Space>
        }
      >
        <Typography.Text type="secondary">
          {again
            ? '修改被驳回或撤回的提案后重新提交，审批从第一个节点重新开始，以前各轮的审批记录保留。'
            : '填写提案内容后“保存草稿”；“提交审批”后按该类型的审批流程依次审批，通过后自动建立案件。'}
        </Typography.Text>
      </Card>

      <Card title="基本信息" size="small" className="proposal-block">
        <div className="proposal-field">
          <label htmlFor="proposal-title" className="proposal-field-label required">
            提案标题
          </label>
          <Input
            id="proposal-title"
            value={title}
            maxLength={TITLE_MAX}
            showCount
            status={titleProblem ? 'error' : undefined}
            placeholder="一句话说明要做什么，如“青禾在日本、韩国的商标注册”"
            onChange={(e) => {
              setTitle(e.target.value);
              if (titleProblem) setTitleProblem(null);
            }}
          />
          {titleProblem && <div className="proposal-field-error">{titleProblem}</div>}
        </div>
        <div className="proposal-field">
          <span className="proposal-field-label">涉及的商标</span>
          <ProposalMarksField value={marks} onChange={setMarks} />
        </div>
      </Card>

      <Card title={`${type.title}内容`} size="small" className="proposal-block">
        <FormProvider form={form}>
          <FormLayout layout="vertical">
            <div className="proposal-form" data-testid="proposal-form">
              <SchemaField schema={type.form as ISchema} scope={scope} />
            </div>
          </FormLayout>
        </FormProvider>
      </Card>

      <Card title="附件" size="small" className="proposal-block">
        {/* In the form's provider so that the proposal is not saved while its files travel. */}
        <FormProvider form={form}>
          <AttachmentUpload value={files} onChange={setFiles} maxCount={MAX_FILES} drag />
        </FormProvider>
      </Card>
    </div>
  );
}
