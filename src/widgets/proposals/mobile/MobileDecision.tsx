import { useState } from 'react';
import { Button, Input, Result, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import type { DemandDetail, MobileDecisionProps } from '../../../generated/types.js';
import { useOperation } from '../../../runtime/useOperation.js';
import { useRuntime } from '../../../runtime/runtimeContext.js';
import { MobileFrame, MobileSection, canGoBack } from './MobileFrame.js';
import { decisionBlocker, waitingText } from './flowTimeline.js';
import { STATE_TAG, demandIdOf, demandPath } from './demandState.js';

const COMMENT_MAX = 2000;

const WORDING = {
  approve: {
    title: '同意',
    confirm: '确认同意',
    placeholder: '请输入审批意见（选填）',
    phrases: ['同意', '同意，请尽快办理', '情况属实，同意'],
    done: '已同意',
  },
  reject: {
    title: '驳回',
    confirm: '确认驳回',
    placeholder: '请输入驳回理由（必填）',
    phrases: ['材料不全，请补充后重新提交', '理由不充分，请补充说明', '费用超出预算'],
    done: '已驳回',
  },
} as const;

type Outcome = { kind: 'done'; detail: DemandDetail } | { kind: 'refused'; message: string };

/** What happened next, in a sentence under the result. */
function nextText(after: DemandDetail): string {
  if (after.state === 'approved') return '提案已审批通过';
  if (after.state === 'rejected') return '提案已驳回，发起人可修改后重新提交';
  const waiting = waitingText(after);
  return waiting ?? '提案仍在审批中';
}

/**
 * /mobile/adopt and /mobile/reject: the decision with a comment (required to reject), the scheme
 * chosen when approving, one confirm; then the result, or why it could not be made.
 */
export function MobileDecision({ id, decision }: MobileDecisionProps) {
  const runtime = useRuntime();
  const demandId = demandIdOf(id);
  const detail = useOperation('demand.demandDetails', demandId ? { id: demandId } : null);
  const wording = WORDING[decision];
  // Back to the proposal this screen was opened from, or to it by address when opened directly.
  const backToDemand = demandId ? () => (canGoBack() ? window.history.back() : runtime.navigate(demandPath(demandId), { replace: true })) : undefined;
  const title = `${wording.title}提案`;

  if (!demandId) {
    return (
      <MobileFrame title={title}>
        <Result status="warning" title="链接不完整" subTitle="地址中缺少提案编号，请从审批消息重新打开" />
      </MobileFrame>
    );
  }
  if (detail.error) {
    return (
      <MobileFrame title={title} onBack={backToDemand}>
        <Result status="warning" title="无法打开提案" subTitle={detail.error.message} />
      </MobileFrame>
    );
  }
  if (!detail.data) {
    return (
      <MobileFrame title={title} onBack={backToDemand}>
        <div className="m-section">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </MobileFrame>
    );
  }
  return <DecisionScreen detail={detail.data} decision={decision} onBack={backToDemand!} />;
}

function DecisionScreen({ detail, decision, onBack }: { detail: DemandDetail; decision: 'approve' | 'reject'; onBack: () => void }) {
  const runtime = useRuntime();
  const { mutate } = useSWRConfig();
  const wording = WORDING[decision];
  const schemes = useOperation('demand.schemeList', decision === 'approve' ? { id: detail.id } : null);
  const [comment, setComment] = useState('');
  const [schemeId, setSchemeId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const title = `${wording.title}提案`;
  const blocker = decisionBlocker(detail, runtime.user?.id ?? null);

  const confirm = async () => {
    const text = comment.trim();
    if (decision === 'reject' && !text) {
      setMissing(true);
      return;
    }
    setSending(true);
    try {
      const after = await runtime.callOperation(
        'demand.demandApproval',
        {
          id: detail.id,
          decision,
          ...(detail.actions.myStepId ? { stepId: detail.actions.myStepId } : {}),
          ...(text ? { comment: text } : {}),
          ...(decision === 'approve' && schemeId ? { schemeId } : {}),
        },
        { silent: true },
      );
      setOutcome({ kind: 'done', detail: after });
    } catch (err) {
      // The server's own words: not your step, decided already, the step moved on.
      setOutcome({ kind: 'refused', message: (err as Error).message });
    } finally {
      setSending(false);
      // Whatever happened, the proposal's page shows it as it now is.
      await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('demand.'));
    }
  };

  if (outcome?.kind === 'done') {
    const approved = decision === 'approve';
    return (
      <MobileFrame title={title}>
        <div className="m-section m-result" data-testid="decision-result">
          {approved ? <CheckCircleFilled className="m-result-icon m-approved" /> : <CloseCircleFilled className="m-result-icon m-rejected" />}
          <div className="m-result-title">{wording.done}</div>
          <div className="m-result-text">{detail.title}</div>
          <div className="m-result-text m-muted" style={{ marginTop: 8 }}>
            {nextText(outcome.detail)}
          </div>
          <div className="m-result-actions">
            <Button type="primary" size="large" block onClick={onBack}>
              返回提案
            </Button>
          </div>
        </div>
      </MobileFrame>
    );
  }
  if (outcome?.kind === 'refused' || blocker) {
    return (
      <MobileFrame title={title} onBack={onBack}>
        <div className="m-section m-result" data-testid="decision-refused">
          <ExclamationCircleFilled className="m-result-icon m-waiting" />
          <div className="m-result-title">无法{wording.title}</div>
          <div className="m-result-text" data-testid="decision-refusal">
            {outcome?.kind === 'refused' ? outcome.message : blocker}
          </div>
          <div className="m-result-actions">
            <Button type="primary" size="large" block onClick={onBack}>
              返回提案
            </Button>
          </div>
        </div>
      </MobileFrame>
    );
  }

  const tag = STATE_TAG[detail.state];
  const myStep = detail.currentSteps.find((s) => s.id === detail.actions.myStepId);
  const schemeList = schemes.data?.list ?? [];
  const bar = (
    <Button type="primary" danger={decision === 'reject'} size="large" loading={sending} onClick={() => void confirm()}>
      {wording.confirm}
    </Button>
  );
  return (
    <MobileFrame title={title} onBack={onBack} bar={bar}>
      <section className="m-section m-head">
        <div className="m-head-top">
          <h2 className="m-head-title">{detail.title}</h2>
          <Tag className="m-state-tag" color={tag.color}>
            {tag.title}
          </Tag>
        </div>
        <div className="m-head-meta">
          {detail.demandNo} · {detail.type.title} · {detail.submitterName}
        </div>
        {myStep && <div className="m-head-meta">当前步骤：{myStep.nodeName}</div>}
      </section>

      <MobileSection
        title={
          <span>
            {decision === 'reject' && <span className="m-required">*</span>}
            {decision === 'reject' ? '驳回理由' : '审批意见'}
          </span>
        }
        extra={
          <span className="m-count">
            {comment.length}/{COMMENT_MAX}
          </span>
        }
      >
        <Input.TextArea
          className="m-textarea"
          aria-label={decision === 'reject' ? '驳回理由' : '审批意见'}
          placeholder={wording.placeholder}
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
        />
        {missing && <div className="m-error-text">请填写驳回理由</div>}
        <div className="m-phrases" aria-label="常用语">
          {wording.phrases.map((p) => (
            <button
              key={p}
              type="button"
              className="m-phrase"
              onClick={() => {
                setComment((c) => (c.trim() ? `${c.trim()}，${p}` : p).slice(0, COMMENT_MAX));
                setMissing(false);
              }}
            >
              {p}
            </button>
          ))}
        </div>
      </MobileSection>

      {decision === 'approve' && schemeList.length > 0 && (
        <MobileSection title="选定方案（选填）">
          {schemeList.map((s) => (
            <button key={s.id} type="button" className="m-choice" aria-pressed={schemeId === s.id} onClick={() => setSchemeId(schemeId === s.id ? null : s.id)}>
              <span className={schemeId === s.id ? 'm-approved' : 'm-muted'} aria-hidden>
                {schemeId === s.id ? <CheckCircleFilled /> : <span className="m-radio" />}
              </span>
              <span style={{ flex: 1, minWidth: 0 }}>
                <span>{s.title}</span>
                <span className="m-muted" style={{ display: 'block' }}>
                  {s.kind === 'analysis' ? '分析方案' : '申请方案'} · {s.submitterName}
                  {s.fee !== null && ` · 预计费用 ¥${s.fee.toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`}
                </span>
              </span>
            </button>
          ))}
        </MobileSection>
      )}
    </MobileFrame>
  );
}
