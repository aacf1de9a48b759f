import { Descriptions, Drawer, Empty, List, Tag, Typography } from 'antd';
import type { DesignerEditorContextResponse } from '../../generated/types.js';
import { PreviewPane } from '../PreviewPane.js';
import type { CaseTypeBody } from './caseTypeBody.js';
import type { ApprovalFlow } from '../../shared/approvalFlow/flowModel.js';
import { readableFlow } from '../../shared/approvalFlow/flowProblems.js';
import { FEE_KIND_OPTIONS, FEE_PER_OPTIONS } from './caseTypeChoices.js';

const labelOf = (options: { value: string; label: string }[], value: string | undefined) => options.find((o) => o.value === value)?.label ?? value ?? '';

/** Staff see the form as the role with the fewest permissions does. */
const leastPrivileged = (context: DesignerEditorContextResponse) => [...context.roles].sort((a, b) => a.permissions.length - b.permissions.length)[0]?.id;

/** The approver and copy-to nodes of a flow, top to bottom as drawn. */
const stepsOf = (flow: ApprovalFlow) =>
  flow.nodes.filter((n) => n.type === 'approver' || n.type === 'copy').sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);

/** The type as staff will meet it: its application form rendered by the real runtime, then its stages, files and fees (a proposal type: its approval steps and files). */
export function CasePreviewDrawer({
  open,
  onClose,
  body,
  context,
}: {
  open: boolean;
  onClose(): void;
  body: CaseTypeBody;
  context: DesignerEditorContextResponse;
}) {
  return (
    <Drawer open={open} onClose={onClose} width="70%" title={`预览：${body.title || '未命名类型'}`} destroyOnHidden>
      <PreviewPane kind="caseTypes" body={body} context={context} defaultRoleId={leastPrivileged(context)} />
      <Descriptions size="small" column={1} bordered style={{ marginTop: 16 }} title={body.category === 'proposal' ? '审批' : '办理'}>
        {body.category === 'proposal' && (
          <Descriptions.Item label="审批节点">
            {readableFlow(body.approvalFlow) && stepsOf(body.approvalFlow).length > 0 ? (
              stepsOf(body.approvalFlow).map((n) => (
                <Tag key={n.id} color={n.type === 'approver' ? 'orange' : 'blue'}>
                  {n.name}
                  {n.type === 'approver' ? `（${n.mode === 'all' ? '会签' : '或签'}）` : '（抄送）'}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">还没有审批节点</Typography.Text>
            )}
          </Descriptions.Item>
        )}
        {body.category !== 'proposal' && (
          <Descriptions.Item label="阶段">
            {(body.stages ?? []).length === 0 ? (
              <Typography.Text type="secondary">还没有阶段</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={body.stages ?? []}
                renderItem={(s, i) => (
                  <List.Item>
                    {i + 1}. {s.title || '（未命名）'}
                    {s.deadlineDays !== undefined && <Tag style={{ marginLeft: 8 }}>{s.deadlineDays} 天内办理</Tag>}
                    {(s.officialTypes ?? []).map((t) => (
                      <Tag key={t} color="blue">
                        {t}
                      </Tag>
                    ))}
                  </List.Item>
                )}
              />
            )}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="附件">
          {(body.attachments ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="不需要附件" />
          ) : (
            (body.attachments ?? []).map((a) => (
              <Tag key={a.key} color={a.required ? 'orange' : undefined}>
                {a.title}
                {a.required ? '（必须）' : ''}
              </Tag>
            ))
          )}
        </Descriptions.Item>
        {body.category !== 'proposal' && (
          <Descriptions.Item label="费用">
            {(body.feeItems ?? []).map((f, i) => (
              <div key={`${f.name}-${i}`}>
                {f.name}：{labelOf(FEE_KIND_OPTIONS, f.kind)}，{f.caseTypePrice ? '按费用配置取价' : `${f.amount ?? 0} ${f.currency === 'USD' ? '美元' : '元'}`}
                ，{labelOf(FEE_PER_OPTIONS, f.per ?? 'case')}
              </div>
            ))}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Drawer>
  );
}
