import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Empty, Input, List, Select, Space, Spin, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, HistoryOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import type { FormilyNode, SchemaProblem } from '../generated/types.js';
import { useOperation } from '../runtime/useOperation.js';
import { useRuntime } from '../runtime/runtimeContext.js';
import { edit, editBody, isDirty, markSaved, openDocument, redo, undo, type DesignerDocument } from './designerDocument.js';
import { SchemaList, type SchemaEntry } from './SchemaList.js';
import { SourceEditor } from './SourceEditor.js';
import { DiffView } from './DiffView.js';
import { VersionDrawer } from './VersionDrawer.js';
import { PreviewPane } from './PreviewPane.js';
import { VisualBuilder } from './visual/VisualBuilder.js';
import { KIND_LABELS, type DesignableKind } from './designerTypes.js';
import './designer.css';

type Tab = 'visual' | 'source' | 'diff';
interface Target {
  kind: DesignableKind;
  key: string;
}

const VALIDATE_DELAY_MS = 600;
const EMPTY_ROOT: FormilyNode = { type: 'object', properties: {} };

/** The Formily tree the visual builder edits inside a schema of each kind. */
const TREE_FIELD: Record<DesignableKind, string | null> = { pages: 'body', forms: 'schema', fields: null, caseTypes: 'form' };

/**
 * The designer: pick a page, form or field type; edit it visually or as JSON (one document, so
 * switching views loses nothing); see it rendered beside as a chosen role; save drafts, publish
 * (checked on the server first) and roll back, with every version kept.
 */
export function SchemaDesigner() {
  const runtime = useRuntime();
  const { modal, message } = App.useApp();
  const { mutate } = useSWRConfig();
  const { data: context } = useOperation('designer.editorContext', {});
  const [target, setTarget] = useState<Target | null>(null);
  const { data: detail, mutate: reloadDetail } = useOperation('designer.getSchema', target);
  const [doc, setDoc] = useState<DesignerDocument | null>(null);
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [openedLabel, setOpenedLabel] = useState('');
  const [tab, setTab] = useState<Tab>('visual');
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  const [reveal, setReveal] = useState<{ at: string; n: number }>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  const [compareWith, setCompareWith] = useState<number | 'builtIn' | null>(null);
  const [compareText, setCompareText] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [listOpen, setListOpen] = useState(true);
  // A case type's history says which cases use each version.
  const { data: caseUsage } = useOperation('caseManage.caseTypeVersionUsage', historyOpen && target?.kind === 'caseTypes' ? { caseType: target.key } : null);

  const call = runtime.callOperation;
  const refreshList = () => mutate((key) => Array.isArray(key) && key[0] === 'designer.listSchemas');
  // Forms are read where they are shown (a dialog's form); what took effect is read again there.
  const refreshForms = () => mutate((key) => Array.isArray(key) && key[0] === 'schema.getForm');

  const openVersion = useCallback(
    async (t: Target, version: number | null, builtIn: unknown) => {
      if (version === null) {
        setDoc(openDocument(builtIn ?? {}));
        setOpenedLabel('内置版本');
      } else {
        const reply = await call('designer.getVersion', { ...t, version });
        setDoc(openDocument(reply.body));
        setOpenedLabel(`第 ${version} 版`);
      }
      setProblems([]);
    },
    [call],
  );

  // A newly chosen schema opens at its latest version, or at the built-in one.
  useEffect(() => {
    if (!target || !detail || detail.kind !== target.kind || detail.key !== target.key || doc) return;
    const latest = detail.versions[0]?.version ?? null;
    setBaseVersion(latest);
    void openVersion(target, latest, detail.builtIn);
  }, [target, detail, doc, openVersion]);

  // The server's check, a moment after each edit that parses.
  useEffect(() => {
    const body = doc?.body;
    if (!target || !body) return;
    const timer = setTimeout(() => {
      void call('designer.validate', { ...target, body })
        .then((r) => setProblems(r.problems))
        .catch(() => undefined);
    }, VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, doc?.text, call]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!target || compareWith === null) return;
    if (compareWith === 'builtIn') setCompareText(`${JSON.stringify(detail?.builtIn ?? {}, null, 2)}\n`);
    else void call('designer.getVersion', { ...target, version: compareWith }).then((r) => setCompareText(`${JSON.stringify(r.body, null, 2)}\n`));
  }, [target, compareWith, detail, call]);

  const confirmDiscard = (then: () => void) => {
    if (!doc || !isDirty(doc)) return then();
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '当前描述有尚未保存的修改。',
      okText: '放弃',
      cancelText: '继续编辑',
      okButtonProps: { danger: true },
      width: 380,
      onOk: then,
    });
  };

  const choose = (entry: SchemaEntry) =>
    confirmDiscard(() => {
      setDoc(null);
      setCompareWith(null);
      setTarget({ kind: entry.kind, key: entry.key });
      setListOpen(false);
    });

  const save = async (note?: string): Promise<number | null> => {
    if (!target || !doc) return null;
    if (!doc.body) {
      message.error(doc.parseError ?? '描述不是合法的 JSON');
      return null;
    }
    setBusy(true);
    try {
      const reply = await call('designer.saveDraft', {
        ...target,
        body: doc.body,
        baseVersion,
        comment: note ?? (comment || undefined),
      });
      setBaseVersion(reply.version);
      setDoc(markSaved(doc));
      setOpenedLabel(`第 ${reply.version} 版`);
      setProblems(reply.problems);
      setComment('');
      message.success(
        reply.problems.length > 0
          ? `已保存为第 ${reply.version} 版草稿，有 ${reply.problems.length} 处问题，修正后才能发布`
          : `已保存为第 ${reply.version} 版草稿`,
      );
      await Promise.all([reloadDetail(), refreshList()]);
      return reply.version;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (!target || !doc?.body) return;
    const checked = await call('designer.validate', { ...target, body: doc.body });
    setProblems(checked.problems);
    if (checked.problems.length > 0) {
      message.error(`有 ${checked.problems.length} 处问题，不能发布`);
      return;
    }
    modal.confirm({
      title: '发布这个版本？',
      content: '发布后本组织的用户下次加载即看到它；之后可随时回滚。',
      okText: '发布',
      cancelText: '取消',
      width: 380,
      onOk: async () => {
        const version = isDirty(doc) || baseVersion === null || openedLabel === '内置版本' ? await save(comment || '发布') : baseVersion;
        if (version === null) return;
        await call('designer.publish', { ...target, version });
        message.success(`已发布第 ${version} 版`);
        await Promise.all([reloadDetail(), refreshList(), refreshForms()]);
      },
    });
  };

  const rollback = async (version: number) => {
    if (!target) return;
    const reply = await call('designer.rollback', { ...target, version });
    message.success(reply.publishedVersion === null ? '已回到内置版本' : `已回滚：第 ${version} 版的内容发布为第 ${reply.publishedVersion} 版`);
    const refreshed = await reloadDetail();
    await Promise.all([refreshList(), refreshForms()]);
    setBaseVersion(refreshed?.versions[0]?.version ?? null);
    await openVersion(target, reply.publishedVersion, refreshed?.builtIn);
    setHistoryOpen(false);
  };

  // Ctrl+S saves; Ctrl+Z / Ctrl+Y undo and redo outside text inputs (the source editor has its own).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        void save();
        return;
      }
      const inText = e.target instanceof HTMLElement && e.target.closest('input, textarea, .monaco-editor') !== null;
      if (inText) return;
      if (key === 'z' && !e.shiftKey) setDoc((d) => d && undo(d));
      if (key === 'y' || (key === 'z' && e.shiftKey)) setDoc((d) => d && redo(d));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const treeField = target ? TREE_FIELD[target.kind] : null;
  const root = useMemo(() => {
    const tree = treeField && doc?.body ? doc.body[treeField] : undefined;
    return tree && typeof tree === 'object' ? (tree as FormilyNode) : EMPTY_ROOT;
  }, [doc?.body, treeField]);

  if (!context) return <Spin tip="正在加载设计器…" />;
  const published = detail?.versions.find((v) => v.status === 'published');

  const editor =
    !target || !doc ? (
      <Empty description={target ? '正在打开…' : '从左侧选择要设计的页面、表单或字段类型'} />
    ) : (
      <Tabs
        activeKey={tab}
        onChange={(next) => {
          if (next === 'visual' && !doc.body) {
            message.error(`源码不是合法的 JSON，请先修正：${doc.parseError ?? ''}`);
            return;
          }
          if (next === 'diff' && compareWith === null) setCompareWith(published?.version ?? (detail?.builtIn ? 'builtIn' : null));
          setTab(next as Tab);
        }}
        items={[
          {
            key: 'visual',
            label: '可视化',
            disabled: !treeField,
            children: treeField && doc.body && (
              <VisualBuilder
                root={root}
                context={context}
                onChange={(next, coalesce) => setDoc((d) => d && d.body && editBody(d, { ...d.body, [treeField]: next }, coalesce))}
              />
            ),
          },
          {
            key: 'source',
            label: '源码',
            children: (
              <SourceEditor
                kind={target.kind}
                value={doc.text}
                context={context}
                problems={problems}
                reveal={reveal}
                onChange={(text) => setDoc((d) => d && edit(d, text, 'source'))}
              />
            ),
          },
          {
            key: 'diff',
            label: '差异',
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Typography.Text>比较</Typography.Text>
                  <Select
                    aria-label="比较的版本"
                    style={{ width: 160 }}
                    value={compareWith ?? undefined}
                    onChange={setCompareWith}
                    options={[
                      ...(detail?.builtIn ? [{ label: '内置版本', value: 'builtIn' as const }] : []),
                      ...(detail?.versions ?? []).map((v) => ({ label: `第 ${v.version} 版`, value: v.version })),
                    ]}
                  />
                  <Typography.Text type="secondary">与当前编辑的内容</Typography.Text>
                </Space>
                {compareWith !== null && <DiffView original={compareText} modified={doc.text} />}
              </>
            ),
          },
        ]}
      />
    );

  return (
    <div className="ipm-designer">
      {(listOpen || !target) && (
        <aside className="ipm-designer-side">
          <SchemaList selected={target ? `${target.kind} ${target.key}` : null} onSelect={choose} />
        </aside>
      )}
      <section className="ipm-designer-main">
        {target && doc && (
          <div className="ipm-designer-toolbar">
            <Space wrap>
              <Tooltip title={listOpen ? '收起描述列表' : '展开描述列表'}>
                <Button aria-label="描述列表" icon={listOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} onClick={() => setListOpen(!listOpen)} />
              </Tooltip>
              <Typography.Text strong>
                {KIND_LABELS[target.kind]} {target.key}
              </Typography.Text>
              <Tag>{openedLabel}</Tag>
              {isDirty(doc) && <Tag color="gold">未保存</Tag>}
              <Tag color={published ? 'green' : 'default'}>生效：{published ? `第 ${published.version} 版` : '内置版本'}</Tag>
            </Space>
            <Space wrap>
              <Tooltip title="撤销（Ctrl+Z）">
                <Button aria-label="撤销" icon={<UndoOutlined />} disabled={doc.past.length === 0} onClick={() => setDoc(undo(doc))} />
              </Tooltip>
              <Tooltip title="重做（Ctrl+Y）">
                <Button aria-label="重做" icon={<RedoOutlined />} disabled={doc.future.length === 0} onClick={() => setDoc(redo(doc))} />
              </Tooltip>
              <Input
                placeholder="版本说明（可选）"
                aria-label="版本说明"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                style={{ width: 180 }}
                maxLength={500}
              />
              <Button icon={<SaveOutlined />} loading={busy} onClick={() => void save()}>
                保存草稿
              </Button>
              <Button type="primary" icon={<CloudUploadOutlined />} disabled={!doc.body} onClick={() => void publish()}>
                发布
              </Button>
              <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
                版本历史
              </Button>
              <Space size={4}>
                <Switch size="small" checked={showPreview} onChange={setShowPreview} aria-label="显示预览" />
                <Typography.Text>预览</Typography.Text>
              </Space>
            </Space>
          </div>
        )}
        {doc?.parseError && <Alert type="error" showIcon message={doc.parseError} style={{ marginBottom: 8 }} />}
        <div className={`ipm-designer-work${showPreview && target && doc ? ' with-preview' : ''}`}>
          <div className="ipm-designer-editor">{editor}</div>
          {showPreview && target && doc && (
            <div className="ipm-designer-preview-col">
              <PreviewPane kind={target.kind} body={doc.body} context={context} />
            </div>
          )}
        </div>
        {problems.length > 0 && (
          <List
            className="ipm-designer-problems"
            size="small"
            header={<Typography.Text type="danger">问题（{problems.length}）</Typography.Text>}
            dataSource={problems}
            renderItem={(p, i) => (
              <List.Item
                onClick={() => {
                  setTab('source');
                  setReveal({ at: p.at, n: i + Date.now() });
                }}
                style={{ cursor: 'pointer' }}
              >
                <Typography.Text code>{p.at}</Typography.Text> {p.message}
              </List.Item>
            )}
          />
        )}
      </section>
      {target && detail && (
        <VersionDrawer
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          versions={detail.versions}
          hasBuiltIn={detail.builtIn !== null}
          builtInInEffect={!published}
          onOpenVersion={(version) =>
            confirmDiscard(() => {
              setBaseVersion(detail.versions[0]?.version ?? null);
              void openVersion(target, version, detail.builtIn);
              setHistoryOpen(false);
            })
          }
          onCompare={(version) => {
            setCompareWith(version);
            setTab('diff');
            setHistoryOpen(false);
          }}
          onRollback={(version) => void rollback(version)}
          caseUsage={target.kind === 'caseTypes' ? caseUsage?.list : undefined}
        />
      )}
    </div>
  );
}
