import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ApprovalFlow } from '../../shared/approvalFlow/flowModel.js';
import { arrangeFlow } from '../../shared/approvalFlow/flowLayout.js';
import { DEMO_ACCOUNTS, DEMO_COLLEAGUES } from './demoAccounts.js';

const KEY = 'overseasFilingReview';
const at = { x: 0, y: 0 };
const field = (type: string, title: string, component: string, extra: Record<string, unknown> = {}) => ({
  type,
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...extra,
});

/**
 * The demo company's proposal type in the making: a draft on /system/proposalConfig for filing a
 * mark abroad, whose flow sends a large budget to a countersign of the legal head and the marketing
 * head, a filing in the United States or the EU to the legal department's head, and copies every
 * approved proposal to the administrators. Written once, when the company has none under its key.
 */
export async function seedDemoProposalType(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', DEMO_ACCOUNTS.corpAdmin.username).executeTakeFirst();
  if (!admin) return;
  const orgId = admin.org_id;
  const existing = await db
    .selectFrom('schema_versions')
    .select('version')
    .where('org_id', '=', orgId)
    .where('kind', '=', 'caseTypes')
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (existing) return;
  const marketingHead = await db.selectFrom('users').select('id').where('username', '=', DEMO_COLLEAGUES.marketingHead.username).executeTakeFirst();
  const legal = await db.selectFrom('departments').select('id').where('org_id', '=', orgId).where('name', '=', '法务与知识产权部').executeTakeFirst();
  const admins = await db.selectFrom('roles').select('id').where('org_id', '=', orgId).where('name', '=', '管理员').executeTakeFirst();
  if (!marketingHead || !legal || !admins) return;

  const flow: ApprovalFlow = {
    nodes: [
      { id: 'start', type: 'start', name: '发起人', position: at },
      {
        id: 'superior',
        type: 'approver',
        name: '部门负责人审批',
        approvers: [{ kind: 'superior', levels: 1 }],
        mode: 'any',
        remindAfterHours: 24,
        position: at,
      },
      { id: 'branch1', type: 'condition', name: '按预算与国家', position: at },
      {
        id: 'approver1',
        type: 'approver',
        name: '法务与市场会签',
        approvers: [
          { kind: 'user', userId: admin.id },
          { kind: 'user', userId: marketingHead.id },
        ],
        mode: 'all',
        remindAfterHours: 48,
        position: at,
      },
      { id: 'approver2', type: 'approver', name: '法务负责人审批', approvers: [{ kind: 'departmentHead', departmentId: legal.id }], mode: 'any', position: at },
      { id: 'copy1', type: 'copy', name: '抄送管理员', recipients: [{ kind: 'role', roleId: admins.id }], position: at },
      { id: 'end', type: 'end', name: '结束', position: at },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'superior' },
      { id: 'e2', source: 'superior', target: 'branch1' },
      { id: 'e3', source: 'branch1', target: 'approver1', label: '预算超过五万', conditions: [{ field: 'budget', operator: 'gt', value: 50000 }] },
      { id: 'e4', source: 'branch1', target: 'approver2', label: '美国或欧盟', conditions: [{ field: 'countries', operator: 'in', value: ['US', 'EM'] }] },
      { id: 'e5', source: 'branch1', target: 'copy1', label: '其他情况', isDefault: true },
      { id: 'e6', source: 'approver1', target: 'copy1' },
      { id: 'e7', source: 'approver2', target: 'copy1' },
      { id: 'e8', source: 'copy1', target: 'end' },
    ],
  };
  const body = {
    name: KEY,
    title: '海外商标申请立项',
    category: 'proposal',
    description: '业务部门提出在海外申请注册商标，按预算与目标国家审批，通过后按国家建立海外注册案件。',
    form: {
      type: 'object',
      properties: {
        tmName: field('string', '商标名称', 'Input', { required: true }),
        countries: field('array', '申请国家/地区', 'CountryTreeSelect'),
        budget: field('number', '预算（元）', 'NumberPicker', { minimum: 0 }),
        reason: field('string', '申请理由', 'TextArea'),
      },
    },
    approvalFlow: arrangeFlow(flow),
    createsCases: [{ caseType: 'overseasRegistration', split: 'country', when: [{ field: 'countries', operator: 'notEmpty' }], fields: { tmName: 'tmName' } }],
    attachments: [{ key: 'markSample', title: '商标样稿', required: true, accept: '.jpg,.png,.pdf' }],
  };
  await db
    .insertInto('schema_versions')
    .values({
      org_id: orgId,
      kind: 'caseTypes',
      key: KEY,
      version: 1,
      status: 'draft',
      body: JSON.stringify(body),
      author_id: admin.id,
      comment: '初稿：待法务确认分支条件',
    })
    .execute();
}
