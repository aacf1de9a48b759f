import { Button, Result, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import type { DemandDetail, MobileDemandProps } from '../../../generated/types.js';
import { useOperation } from '../../../runtime/useOperation.js';
import { useRuntime } from '../../../runtime/runtimeContext.js';
import { AvatarBadge } from '../../../runtime/blocks/AvatarBadge.js';
import { MobileFrame, MobileSection, canGoBack } from './MobileFrame.js';
import { MobileFiles } from './MobileFiles.js';
import { FlowTimeline } from './FlowTimeline.js';
import { FormValues } from './FormValues.js';
import { waitingText } from './flowTimeline.js';
import { STATE_TAG, avatarNameOf, demandIdOf } from './demandState.js';

const at = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '--');
const money = (fee: number | null) => (fee === null ? null : `¥${fee.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

/**
 * /mobile/demand?id=: a proposal on a phone, as an approval app shows it: who asks what, the form
 * filled in, files, schemes, the flow so far and ahead, comments; 驳回 / 同意 fixed at the bottom
 * for a current approver.
 */
export function MobileDemand({ id }: MobileDemandProps) {
  const demandId = demandIdOf(id);
  const detail = useOperation('demand.demandDetails', demandId ? { id: demandId } : null);
  const back = canGoBack() ? () => window.history.back() : undefined;
  if (!demandId) {
    return (
      <MobileFrame title="提案审批" onBack={back}>
        <Result status="warning" title="链接不完整" subTitle="地址中缺少提案编号，请从审批消息重新打开" />
      </MobileFrame>
    );
  }
  if (detail.error) {
    return (
      <MobileFrame title="提案审批" onBack={back}>
        <Result status="warning" title="无法打开提案" subTitle={detail.error.message} />
      </MobileFrame>
    );
  }
  if (!detail.data) {
    return (
      <MobileFrame title="提案审批" onBack={back}>
        <div className="m-section">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
        <div className="m-section">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </MobileFrame>
    );
  }
  return <DemandScreen key={`${detail.data.id}-${detail.data.updatedAt}`} detail={detail.data} onBack={back} />;
}

function DemandScreen({ detail, onBack }: { detail: DemandDetail; onBack?: () => void }) {
  const runtime = useRuntime();
  const chart = useOperation('demand.demandFlowChart', { id: detail.id });
  const schemes = useOperation('demand.schemeList', { id: detail.id });
  const comments = useOperation('demand.demandComments', { id: detail.id });
  const tag = STATE_TAG[detail.state];
  const waiting = waitingText(detail);
  const bar = detail.actions.decide ? (
    <>
      <Button danger size="large" onClick={() => runtime.navigate(`/mobile/reject?id=${detail.id}`)}>
        驳回
      </Button>
      <Button type="primary" size="large" onClick={() => runtime.navigate(`/mobile/adopt?id=${detail.id}`)}>
        同意
      </Button>
    </>
  ) : undefined;

  return (
    <MobileFrame title="提案审批" onBack={onBack} bar={bar}>
      <section className="m-section m-head" data-testid="demand-head">
        <div className="m-head-top">
          <h2 className="m-head-title">{detail.title}</h2>
          <Tag className="m-state-tag" color={tag.color} data-testid="demand-state">
            {tag.title}
          </Tag>
        </div>
        <div className="m-head-meta">
          {detail.demandNo} · {detail.type.title}
        </div>
        {waiting && (
          <div className="m-head-waiting" data-testid="demand-waiting">
            {waiting}
          </div>
        )}
        <div className="m-head-person">
          <AvatarBadge name={avatarNameOf(detail.submitterName)} size={36} />
          <div className="m-head-person-text">
            <span>{detail.submitterName}</span>
            <span className="m-muted">{detail.submittedAt ? `提交于 ${at(detail.submittedAt)}` : `创建于 ${at(detail.createdAt)}`}</span>
          </div>
        </div>
      </section>

      {detail.contact && (
        <MobileSection title="外部提交人">
          <div className="m-kv">
            <span className="m-kv-label">联系人</span>
            <span className="m-kv-value">{detail.contact.name}</span>
          </div>
          {detail.contact.phone && (
            <div className="m-kv">
              <span className="m-kv-label">联系电话</span>
              <a className="m-kv-value" href={`tel:${detail.contact.phone}`}>
                {detail.contact.phone}
              </a>
            </div>
          )}
          {detail.contact.email && (
            <div className="m-kv">
              <span className="m-kv-label">邮箱</span>
              <span className="m-kv-value">{detail.contact.email}</span>
            </div>
          )}
          <div className="m-kv">
            <span className="m-kv-label">来自链接</span>
            <span className="m-kv-value">{detail.contact.linkTitle}</span>
          </div>
        </MobileSection>
      )}

      <MobileSection title="提案内容" testId="demand-content">
        <FormValues form={detail.type.form} values={detail.formData} />
      </MobileSection>

      {detail.marks.length > 0 && (
        <MobileSection title="涉及的商标" extra={<span className="m-count">{detail.marks.length} 件</span>}>
          {detail.marks.map((m) => (
            <div key={m.brandId} className="m-kv">
              <span className="m-kv-value">{m.tmName || '（图形商标）'}</span>
              <span className="m-kv-label">
                申请号 {m.appNo || '--'} · 第 {m.intCls || '--'} 类
              </span>
            </div>
          ))}
        </MobileSection>
      )}

      {detail.letters.length > 0 && (
        <MobileSection title="关联官文" extra={<span className="m-count">{detail.letters.length} 份</span>}>
          {detail.letters.map((l) => (
            <div key={l.id} className="m-kv">
              <span className="m-kv-value">{l.documentType}</span>
              <span className="m-kv-label">
                申请号 {l.appNo || '--'} · 官方期限 {l.deadline ?? '--'}
              </span>
            </div>
          ))}
        </MobileSection>
      )}

      <MobileSection title="附件" extra={detail.files.length > 0 && <span className="m-count">{detail.files.length} 个</span>}>
        <MobileFiles files={detail.files} testId="demand-files" />
      </MobileSection>

      {(schemes.data?.list.length ?? 0) > 0 && (
        <MobileSection title="方案" extra={<span className="m-count">{schemes.data!.list.length} 个</span>} testId="demand-schemes">
          {schemes.data!.list.map((s) => (
            <div key={s.id} className={s.chosen ? 'm-scheme m-chosen' : 'm-scheme'}>
              <div className="m-scheme-head">
                <span>{s.title}</span>
                {s.chosen ? <Tag color="success">已选定</Tag> : <Tag>{s.kind === 'analysis' ? '分析方案' : '申请方案'}</Tag>}
              </div>
              <div className="m-muted">
                {s.submitterName} · {at(s.createdAt)}
                {money(s.fee) && ` · 预计费用 ${money(s.fee)}`}
              </div>
              {s.content && <p className="m-scheme-content">{s.content}</p>}
              {s.files.length > 0 && <MobileFiles files={s.files} />}
            </div>
          ))}
        </MobileSection>
      )}

      <MobileSection title="审批流程" extra={chart.data && chart.data.rounds > 1 && <span className="m-count">第 {chart.data.round} 次提交</span>}>
        {chart.error ? (
          <div className="m-error-text">{chart.error.message}</div>
        ) : chart.data ? (
          <FlowTimeline chart={chart.data} submitterName={detail.submitterName} submittedAt={detail.submittedAt} />
        ) : (
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        )}
      </MobileSection>

      {detail.cases.length > 0 && (
        <MobileSection title="建立的案件" extra={<span className="m-count">{detail.cases.length} 件</span>}>
          {detail.cases.map((c) => (
            <div key={c.caseNo} className="m-kv">
              <span className="m-kv-value">
                {c.caseTypeTitle} · {c.statusTitle}
              </span>
              <span className="m-kv-label">
                {c.caseNo}
                {c.country && ` · ${c.country}`}
                {c.intCls && ` · 第 ${c.intCls} 类`}
              </span>
            </div>
          ))}
        </MobileSection>
      )}

      <MobileSection title="评论" extra={(comments.data?.list.length ?? 0) > 0 && <span className="m-count">{comments.data!.list.length} 条</span>}>
        {comments.data && comments.data.list.length === 0 && <div className="m-muted">还没有评论</div>}
        {comments.data?.list.map((c) => (
          <div key={c.id} className="m-comment">
            <AvatarBadge name={avatarNameOf(c.userName)} size={28} />
            <div className="m-comment-body">
              <div>
                {c.userName} <span className="m-muted">{at(c.createdAt)}</span>
              </div>
              <div className="m-comment-text">{c.content}</div>
            </div>
          </div>
        ))}
      </MobileSection>
    </MobileFrame>
  );
}
