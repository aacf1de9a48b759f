import { useEffect, useMemo, useState } from 'react';
import { App, Badge, Breadcrumb, Button, Result, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CloudUploadOutlined, EyeOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { CaseTypeBuilderProps, ComponentDescription, FormilyNode, SchemaProblem } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { editBody, isDirty, markSaved, openDocument, redo, undo, type DesignerDocument } from '../designerDocument.js';
import type { SchemaEntry } from '../SchemaList.js';
import { VisualBuilder } from '../visual/VisualBuilder.js';
import { blankCaseType, blankProposalType, copyOfCaseType, NAME_PATTERN, type CaseStatus, type CaseTransition, type CaseTypeBody } from './caseTypeBody.js';
import { sectionOf, withLiveFlow, type CaseTypeSection } from './caseTypeProblems.js';
import { CaseTypeStart } from './CaseTypeStart.js';
import { CaseBasicSection } from './CaseBasicSection.js';
import { CaseStagesSection } from './CaseStagesSection.js';
import { CaseFlowSection, type FlowDefaults } from './CaseFlowSection.js';
import { CaseAttachmentsSection } from './CaseAttachmentsSection.js';
import { CaseFeesSection } from './CaseFeesSection.js';
import { CasePreviewDrawer } from './CasePreviewDrawer.js';
import { CreatesCasesSection } from './CreatesCasesSection.js';
import { ApprovalFlowSection } from './approval/ApprovalFlowSection.js';
import { SectionProblems } from './SectionProblems.js';
import { askToLeave, useLeaveGuard } from './useLeaveGuard.js';
import '../designer.css';
import './caseTypeBuilder.css';

const KIND = 'caseTypes';
const VALIDATE_DELAY_MS = 600;
const EXIT_TO = '/system/userConfig';

type Category = NonNullable<CaseTypeBuilderProps['category']>;

const SECTIONS: Record<Category, { key: CaseTypeSection; label: string }[]> = {
  case: [
    { key: 'basic', label: '基本信息' },
    { key: 'form', label: '申请表单' },
    { key: 'stages', label: '阶段' },
    { key: 'flow', label: '状态与流转' },
    { key: 'attachments', label: '附件' },
    { key: 'fees', label: '费用项' },
  ],
  proposal: [
    { key: 'basic', label: '基本信息' },
    { key: 'form', label: '提案表单' },
    { key: 'approval', label: '审批流程' },
    { key: 'creates', label: '审批通过后建立的案件' },
    { key: 'attachments', label: '附件' },
  ],
};

/** What the page says of the kind of type it builds. */
const WORDS: Record<Category, { page: string; type: string; form: string; formHelp: string }> = {
  case: {
    page: '新增案件配置',
    type: '案件类型',
    form: '申请表单',
    formHelp: '员工新建这种案件时填写的申请表单：把左侧的字段拖到画布（或选中后按回车），在右侧设置字段名、标题与校验。',
  },
  proposal: {
    page: '提案配置',
    type: '提案类型',
    form: '提案表单',
    formHelp:
      '提出这种提案时填写的表单：把左侧的字段拖到画布（或选中后按回车），在右侧设置字段名、标题与校验。审批流程的条件与建立案件的字段对应都按这里的字段名选择。',
  },
};

/** A case form is built from fields and the blocks that lay them out. */
const offersToCaseForm = (c: ComponentDescription) => (c.kind === 'field' && c.group !== '数据展示') || c.group === '布局' || c.group === '排版';

/** The default statuses and transitions, from the dictionaries the designer's context carries. */
function flowDefaults(dicts: Record<string, Record<string, unknown>>): FlowDefaults {
  type Item = { value: string; label: string; color?: string; final?: boolean; from?: string[]; to?: string; permission?: string };
  const items = (file: string) => (dicts[file]?.items ?? []) as Item[];
  const transitions = items('dicts/case-transitions.json');
  return {
    statuses: items('dicts/case-statuses.json').map((s): CaseStatus => ({ key: s.value, title: s.label, color: s.color, final: s.final })),
    transitions: transitions.map((t): CaseTransition => ({ action: t.value, from: t.from ?? [], to: t.to ?? '', permission: t.permission ?? '' })),
    actions: transitions.map((t) => ({ value: t.value, label: t.label })),
  };
}

interface Opened {
  doc: DesignerDocument;
  /** The key its versions are stored under, once saved; a new type takes its key from 标识 when first saved. */
  savedKey: string | null;
  baseVersion: number | null;
  publishedVersion: number | null;
}

/**
 * /system/caseCreate: an admin builds a case type — starting blank or from a copy, setting what it
 * is, laying out its application form in the designer's visual builder, its stages, statuses,
 * attachments and fees — previews it and publishes it through the designer's version store.
 * /system/proposalConfig (category proposal) builds proposal types the same way: their form, the
 * approval flow drawn on a canvas, and the cases an approval creates.
 */
export function CaseTypeBuilder({ category = 'case' }: CaseTypeBuilderProps) {
  const words = WORDS[category];
  const runtime = useRuntime();
  const call = runtime.callOperation;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { mutate } = useSWRConfig();
  const { data: context, error: contextError } = useOperation('designer.editorContext', {});
  const { data: listed, isLoading: listLoading, mutate: reloadList } = useOperation('designer.listSchemas', { kind: KIND });
  const { data: usage } = useOperation('caseManage.caseTypeVersionUsage', {});
  const [opened, setOpened] = useState<Opened | null>(null);
  const [section, setSection] = useState<CaseTypeSection>('basic');
  // The server's findings, with the body they were found in: the flow's own are worked out live.
  const [checked, setChecked] = useState<{ problems: SchemaProblem[]; body: CaseTypeBody | null }>({ problems: [], body: null });
  const setProblems = (found: SchemaProblem[], of: CaseTypeBody | null) => setChecked({ problems: found, body: of });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const doc = opened?.doc ?? null;
  const body = doc?.body as CaseTypeBody | null | undefined;
  const dirty = doc !== null && isDirty(doc);
  useLeaveGuard(dirty);

  const entries = useMemo(() => listed?.list ?? [], [listed]);
  // Keys are shared by case and proposal types; each page lists its own kind.
  const ownEntries = useMemo(() => entries.filter((e) => (e.category ?? 'case') === category), [entries, category]);
  const problems = useMemo(() => withLiveFlow(checked.problems, checked.body, body), [checked, body]);
  const defaults = useMemo(() => flowDefaults(context?.dicts ?? {}), [context]);
  const letterTypes = useMemo(() => ((context?.dicts['dicts/official-types.json']?.items ?? []) as { label: string }[]).map((e) => e.label), [context]);
  const setDoc = (next: (d: DesignerDocument) => DesignerDocument) => setOpened((o) => o && { ...o, doc: next(o.doc) });
  const change = (patch: Partial<CaseTypeBody>, coalesceKey?: string) =>
    setDoc((d) => (d.body ? editBody(d, { ...d.body, ...patch }, coalesceKey ? `field:${coalesceKey}` : undefined) : d));

  /** A new type's key must not be one already in use, built in or the organisation's. */
  const takenBy = (name: string) => (opened?.savedKey ? undefined : entries.find((e) => e.key === name));

  // The server's check, a moment after each edit.
  useEffect(() => {
    if (!opened || !body) return;
    const key = opened.savedKey ?? (NAME_PATTERN.test(body.name) ? body.name : '_');
    const timer = setTimeout(() => {
      void call('designer.validate', { kind: KIND, key, body })
        .then((r) => setProblems(withKeyCheck(r.problems, body.name, opened.savedKey), body))
        .catch(() => undefined);
    }, VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc?.text, opened?.savedKey, entries]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The server's problems for a type not yet saved, its key checked against the types there are. */
  function withKeyCheck(found: SchemaProblem[], name: string, savedKey: string | null): SchemaProblem[] {
    if (savedKey) return found;
    const own = found.filter((p) => !(p.at === '/name' && p.message.startsWith('不能改为')));
    const taken = takenBy(name);
    return taken ? [{ at: '/name', message: `已被“${taken.title || taken.key}”使用，请换一个` }, ...own] : own;
  }

  const open = (next: Opened) => {
    setOpened(next);
    setProblems([], null);
    setSection('basic');
  };

  const startBlank = () =>
    open({ doc: openDocument(category === 'proposal' ? blankProposalType() : blankCaseType()), savedKey: null, baseVersion: null, publishedVersion: null });

  const bodyOf = async (entry: SchemaEntry, version: number | null): Promise<Record<string, unknown>> => {
    if (version !== null) return (await call('designer.getVersion', { kind: KIND, key: entry.key, version })).body;
    return (await call('designer.getSchema', { kind: KIND, key: entry.key })).builtIn ?? {};
  };

  const startCopy = async (entry: SchemaEntry) => {
    const source = await bodyOf(entry, entry.publishedVersion ?? (entry.builtIn ? null : entry.latestVersion));
    const copy = {
      ...copyOfCaseType(
        source,
        entries.map((e) => e.key),
      ),
      category,
    };
    // A copy exists only on this page until it is saved.
    open({ doc: { ...openDocument(copy), savedText: '' }, savedKey: null, baseVersion: null, publishedVersion: null });
  };

  const startEdit = async (entry: SchemaEntry) => {
    const source = await bodyOf(entry, entry.latestVersion);
    open({ doc: openDocument(source), savedKey: entry.key, baseVersion: entry.latestVersion, publishedVersion: entry.publishedVersion });
  };

  const confirmDiscard = (then: () => void) => {
    if (!dirty) return then();
    askToLeave(modal, then);
  };

  const refreshLists = () => Promise.all([reloadList(), mutate((key) => Array.isArray(key) && key[0] === 'designer.listSchemas')]);

  /** Saves what is on the page as a new draft version; the version's number, or null when it was not saved. */
  const save = async (comment?: string): Promise<number | null> => {
    if (!opened || !body) return null;
    if (!NAME_PATTERN.test(body.name)) {
      message.error('请先在“基本信息”中填写标识：以小写英文字母开头，只含英文字母和数字');
      setSection('basic');
      return null;
    }
    const taken = takenBy(body.name);
    if (taken) {
      message.error(`标识 ${body.name} 已被“${taken.title || taken.key}”使用，请换一个`);
      setSection('basic');
      return null;
    }
    setBusy(true);
    try {
      const key = opened.savedKey ?? body.name;
      const reply = await call('designer.saveDraft', { kind: KIND, key, body, baseVersion: opened.baseVersion, comment });
      setOpened((o) => o && { ...o, doc: markSaved(o.doc), savedKey: key, baseVersion: reply.version });
      setProblems(reply.problems, body);
      message.success(
        reply.problems.length > 0
          ? `已保存为第 ${reply.version} 版草稿，有 ${reply.problems.length} 处问题，修正后才能发布`
          : `已保存为第 ${reply.version} 版草稿`,
      );
      await refreshLists();
      return reply.version;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (!opened || !body) return;
    const key = opened.savedKey ?? (NAME_PATTERN.test(body.name) ? body.name : '_');
    const found = withKeyCheck((await call('designer.validate', { kind: KIND, key, body })).problems, body.name, opened.savedKey);
    setProblems(found, body);
    const all = withLiveFlow(found, body, body);
    if (all.length > 0) {
      message.error(`有 ${all.length} 处问题，不能发布`);
      setSection(sectionOf(all[0]));
      return;
    }
    modal.confirm({
      title: `发布这个${words.type}？`,
      content: '发布后本组织的员工下次打开页面即可使用它；之后可随时在设计器中回滚。',
      okText: '发布',
      cancelText: '取消',
      width: 400,
      onOk: async () => {
        const version = dirty || opened.baseVersion === null ? await save('发布') : opened.baseVersion;
        if (version === null) return;
        await call('designer.publish', { kind: KIND, key: opened.savedKey ?? body.name, version });
        setOpened((o) => o && { ...o, publishedVersion: version });
        message.success(`已发布第 ${version} 版`);
        await refreshLists();
      },
    });
  };

  // Ctrl+S saves; Ctrl+Z / Ctrl+Y undo and redo outside text inputs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opened || !(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        if (!busy) void save();
        return;
      }
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable]')) return;
      if (key === 'z' && !e.shiftKey) setDoc(undo);
      if (key === 'y' || (key === 'z' && e.shiftKey)) setDoc(redo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (contextError) {
    return (
      <Result
        status="403"
        title={`不能编辑${words.type}`}
        subTitle={`${words.type}经页面设计器保存与发布：${contextError.message}`}
        extra={<Link to={EXIT_TO}>返回用户与配置</Link>}
      />
    );
  }
  if (!context) return <Spin tip="正在加载…" fullscreen />;

  const countOf = (key: CaseTypeSection) => problems.filter((p) => sectionOf(p) === key).length;
  const problemsOf = (key: CaseTypeSection) => problems.filter((p) => sectionOf(p) === key);
  const statusOptions = (body?.statuses ?? defaults.statuses).map((s) => ({ value: s.key, label: s.title || s.key }));
  const letterTypeOptions = letterTypes.map((label) => ({ value: label, label }));

  const sectionBody = (key: CaseTypeSection) => {
    if (!body) return null;
    const props = { body, change, problems: problemsOf(key) };
    switch (key) {
      case 'basic':
        return <CaseBasicSection {...props} nameLocked={opened?.savedKey != null} />;
      case 'approval':
        return <ApprovalFlowSection {...props} context={context} />;
      case 'creates':
        return <CreatesCasesSection {...props} />;
      case 'form':
        return (
          <div className="ipm-case-section">
            <Typography.Paragraph type="secondary">{words.formHelp}</Typography.Paragraph>
            <SectionProblems problems={props.problems} />
            <div className="ipm-designer-editor">
              <VisualBuilder
                root={body.form && typeof body.form === 'object' ? body.form : ({ type: 'object', properties: {} } satisfies FormilyNode)}
                context={context}
                offers={offersToCaseForm}
                onChange={(form, coalesce) => change({ form }, coalesce)}
              />
            </div>
          </div>
        );
      case 'stages':
        return <CaseStagesSection {...props} statusOptions={statusOptions} letterTypeOptions={letterTypeOptions} />;
      case 'flow':
        return <CaseFlowSection {...props} defaults={defaults} permissions={context.permissions} />;
      case 'attachments':
        return <CaseAttachmentsSection {...props} />;
      case 'fees':
        return <CaseFeesSection {...props} />;
    }
  };

  return (
    <div className="ipm-case-builder">
      <header className="ipm-case-builder-head">
        <Space size={12} wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => (opened ? confirmDiscard(() => setOpened(null)) : navigate(EXIT_TO))}
            aria-label={opened ? '返回类型列表' : '返回用户与配置'}
          >
            返回
          </Button>
          <Breadcrumb
            items={[{ title: <Link to={EXIT_TO}>用户与配置</Link> }, { title: words.page }, ...(opened ? [{ title: body?.title || '未命名类型' }] : [])]}
          />
          {opened && (
            <Space size={4}>
              {dirty && <Tag color="gold">未保存</Tag>}
              {opened.baseVersion !== null && <Tag>草稿 第 {opened.baseVersion} 版</Tag>}
              <Tag color={opened.publishedVersion !== null ? 'green' : 'default'}>
                {opened.publishedVersion !== null ? `已发布 第 ${opened.publishedVersion} 版` : '未发布'}
              </Tag>
            </Space>
          )}
        </Space>
        {opened && doc && (
          <Space size={8} wrap>
            <Tooltip title="撤销（Ctrl+Z）">
              <Button aria-label="撤销" icon={<UndoOutlined />} disabled={doc.past.length === 0} onClick={() => setDoc(undo)} />
            </Tooltip>
            <Tooltip title="重做（Ctrl+Y）">
              <Button aria-label="重做" icon={<RedoOutlined />} disabled={doc.future.length === 0} onClick={() => setDoc(redo)} />
            </Tooltip>
            <Tooltip title="Ctrl+S">
              <Button icon={<SaveOutlined />} loading={busy} onClick={() => void save()}>
                保存草稿
              </Button>
            </Tooltip>
            <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)}>
              预览
            </Button>
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => void publish()}>
              发布
            </Button>
          </Space>
        )}
      </header>
      <main className="ipm-case-builder-body">
        {!opened || !body ? (
          <CaseTypeStart
            category={category}
            entries={ownEntries}
            loading={listLoading}
            usage={usage?.list}
            onBlank={startBlank}
            onCopy={(e) => void startCopy(e)}
            onEdit={(e) => void startEdit(e)}
          />
        ) : (
          <Tabs
            className="ipm-case-builder-tabs"
            tabPosition="left"
            activeKey={section}
            onChange={(key) => setSection(key as CaseTypeSection)}
            items={SECTIONS[category].map((s) => ({
              key: s.key,
              label: (
                <Badge count={countOf(s.key)} size="small" offset={[8, 0]}>
                  {s.label}
                </Badge>
              ),
              children: sectionBody(s.key),
            }))}
          />
        )}
      </main>
      {body && <CasePreviewDrawer open={previewOpen} onClose={() => setPreviewOpen(false)} body={body} context={context} />}
    </div>
  );
}
