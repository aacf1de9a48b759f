import { Component, useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Empty, Segmented, Select, Space } from 'antd';
import { SWRConfig } from 'swr';
import type { DesignerEditorContextResponse, DesignerSampleRequest, FormilyNode } from '../generated/types.js';
import { PageRenderer } from '../runtime/PageRenderer.js';
import { RuntimeContext, useRuntime, type RuntimeServices } from '../runtime/runtimeContext.js';
import type { DesignableKind } from './designerTypes.js';
import { sampleChoices } from './sampleChoices.js';

type DataMode = 'sample' | 'live';

/** Shows a rendering error instead of the page, and tries again once the schema changes. */
class PreviewBoundary extends Component<{ schema: unknown; children: ReactNode }, { error: Error | null; schema: unknown }> {
  override state = { error: null as Error | null, schema: this.props.schema };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { schema: unknown }, state: { schema: unknown }) {
    return props.schema === state.schema ? null : { error: null, schema: props.schema };
  }
  override render() {
    return this.state.error ? <Alert type="error" showIcon message="预览出错" description={this.state.error.message} /> : this.props.children;
  }
}

/** A short fingerprint of the schema: Formily reads props when a field is created, so a changed schema needs a fresh form. */
function fingerprint(value: unknown): string {
  const text = JSON.stringify(value);
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `${text.length}:${hash}`;
}

/** What a schema renders: a page's body, a form's schema, a case type's application form. */
function renderedPart(kind: DesignableKind, body: Record<string, unknown> | null): FormilyNode | null {
  if (!body) return null;
  const part = { pages: body.body, forms: body.schema, caseTypes: body.form, fields: null }[kind];
  return part && typeof part === 'object' ? (part as FormilyNode) : null;
}

/**
 * The schema rendered by the real runtime, as a chosen role sees it: its permissions decide what
 * is hidden. Data is either sample replies shaped by each operation's schema (nothing is read or
 * written) or the live server.
 */
export function PreviewPane({
  kind,
  body,
  context,
  defaultRoleId,
}: {
  kind: DesignableKind;
  body: Record<string, unknown> | null;
  context: DesignerEditorContextResponse;
  /** The role the preview starts as; the first role when not given. */
  defaultRoleId?: number;
}) {
  const runtime = useRuntime();
  const [roleId, setRoleId] = useState<number | undefined>(defaultRoleId ?? context.roles[0]?.id);
  const [mode, setMode] = useState<DataMode>('sample');
  const role = context.roles.find((r) => r.id === roleId);
  const part = renderedPart(kind, body);
  const choices = useMemo(() => sampleChoices(part), [part]);
  const services = useMemo<RuntimeServices>(() => {
    // Live: the real operation; otherwise sample rows shaped by the operation's response schema.
    const call = (id: string, request: unknown) =>
      mode === 'live'
        ? runtime.callNamedOperation(id, request)
        : runtime.callOperation('designer.sample', { operation: id, choices } satisfies DesignerSampleRequest).then((r) => r.data);
    return {
      ...runtime,
      permissions: new Set(role?.permissions ?? []),
      callOperation: call as RuntimeServices['callOperation'],
      callNamedOperation: call as RuntimeServices['callNamedOperation'],
    };
  }, [runtime, role, mode, choices]);
  return (
    <Card
      size="small"
      title="预览"
      className="ipm-designer-preview"
      extra={
        <Space>
          <Select
            aria-label="预览角色"
            size="small"
            style={{ width: 140 }}
            value={roleId}
            onChange={setRoleId}
            options={context.roles.map((r) => ({ label: `以${r.name}身份`, value: r.id }))}
          />
          <Segmented
            size="small"
            value={mode}
            onChange={(v) => setMode(v as DataMode)}
            options={[
              { label: '示例数据', value: 'sample' },
              { label: '实时数据', value: 'live' },
            ]}
          />
        </Space>
      }
    >
      {mode === 'live' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="实时数据：预览中提交的内容会真实保存" />}
      {!part ? (
        <Empty description={kind === 'fields' ? '字段类型没有页面预览' : '描述中还没有可以显示的内容'} />
      ) : (
        <SWRConfig key={`${mode}:${roleId ?? ''}`} value={{ provider: () => new Map() }}>
          <RuntimeContext.Provider value={services}>
            <PreviewBoundary schema={part}>
              <PageRenderer key={fingerprint(part)} schema={part} formKey={`preview:${mode}:${roleId ?? ''}:${fingerprint(part)}`} />
            </PreviewBoundary>
          </RuntimeContext.Provider>
        </SWRConfig>
      )}
    </Card>
  );
}
