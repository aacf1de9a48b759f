import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { hashPassword } from '../auth/passwords.js';
import { allPermissionKeys } from '../pages/permissions.js';
import { DEMO_ACCOUNTS, DEMO_COLLEAGUES, STAFF_PERMISSIONS } from './demoAccounts.js';

type Account = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];
type Colleague = (typeof DEMO_COLLEAGUES)[keyof typeof DEMO_COLLEAGUES];

/**
 * First start: a demo agency with the enterprises it files for, and a demo company, each with
 * an administrator holding every permission; plus an agency user and a staff user with few.
 * Does nothing once any organisation exists.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const everything = allPermissionKeys().join(',');
  const hashes = new Map<string, string>();
  for (const account of Object.values(DEMO_ACCOUNTS)) hashes.set(account.username, await hashPassword(account.password));
  for (const colleague of Object.values(DEMO_COLLEAGUES)) hashes.set(colleague.username, await hashPassword(colleague.firstPassword));

  await db.transaction().execute(async (trx) => {
    const addUser = async (orgId: number, roleId: number, account: Account | Colleague, departmentId: number) =>
      (
        await trx
          .insertInto('users')
          .values({
            org_id: orgId,
            role_id: roleId,
            username: account.username,
            display_name: account.name,
            phone: account.phone,
            email: `${account.username}@example.com`,
            password_hash: hashes.get(account.username)!,
            department_id: departmentId,
            must_change_password: !('password' in account),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const addDepartment = async (orgId: number, name: string, parentId: number | null = null, sort = 0) =>
      (await trx.insertInto('departments').values({ org_id: orgId, name, parent_id: parentId, sort }).returning('id').executeTakeFirstOrThrow()).id;
    const setHead = (departmentId: number, userId: number) =>
      trx.updateTable('departments').set({ head_user_id: userId }).where('id', '=', departmentId).execute();
    const addRole = async (orgId: number, name: string, roleAuth: string) =>
      (await trx.insertInto('roles').values({ org_id: orgId, name, role_auth: roleAuth }).returning('id').executeTakeFirstOrThrow()).id;

    const agency = await trx.insertInto('organisations').values({ name: '华信知识产权代理有限公司', kind: 'agency' }).returning('id').executeTakeFirstOrThrow();
    const agencyAdmin = await addRole(agency.id, '管理员', everything);
    const agencyRole = await addRole(
      agency.id,
      '代理机构',
      ['workbench', 'trademark', 'caseManage', 'caseFiling', 'demand', 'enterprise', 'systemSettings'].join(','),
    );
    const office = await addDepartment(agency.id, '总经理办公室', null, 1);
    const agencyTrademarks = await addDepartment(agency.id, '商标代理部', null, 2);
    const domestic = await addDepartment(agency.id, '国内商标组', agencyTrademarks, 1);
    const overseas = await addDepartment(agency.id, '涉外商标组', agencyTrademarks, 2);
    await addDepartment(agency.id, '法律事务部', null, 3);
    const agencyAdminId = await addUser(agency.id, agencyAdmin, DEMO_ACCOUNTS.admin, office);
    const agentId = await addUser(agency.id, agencyRole, DEMO_ACCOUNTS.agent, domestic);
    const overseasAgentId = await addUser(agency.id, agencyRole, DEMO_COLLEAGUES.overseasAgent, overseas);
    // The demo's platform operator, who decides trial applications.
    await trx.updateTable('users').set({ platform_operator: true }).where('id', '=', agencyAdminId).execute();
    await setHead(office, agencyAdminId);
    await setHead(agencyTrademarks, agencyAdminId);
    await setHead(domestic, agentId);
    await setHead(overseas, overseasAgentId);
    const group = await trx.insertInto('enterprise_groups').values({ org_id: agency.id, name: '重点客户' }).returning('id').executeTakeFirstOrThrow();
    const agencyClients = await trx
      .insertInto('enterprises')
      .values([
        {
          org_id: agency.id,
          group_id: group.id,
          applicant_type: 1,
          book_type: 1,
          applicant_name: '杭州青禾食品有限公司',
          applicant_address: '浙江省杭州市西湖区文三路 90 号',
          post_code: '310012',
          applicant_credit_code: '91330106MA2H00000B',
        },
        {
          org_id: agency.id,
          group_id: group.id,
          applicant_type: 1,
          book_type: 1,
          applicant_name: '深圳云帆电子科技有限公司',
          applicant_address: '广东省深圳市南山区科技园南路 8 号',
          post_code: '518057',
          applicant_credit_code: '91440300MA5F000007',
        },
        {
          org_id: agency.id,
          group_id: null,
          applicant_type: 0,
          book_type: 1,
          applicant_name: '周明--上海市徐汇区漕溪北路 12 号',
          applicant_address: '上海市徐汇区漕溪北路 12 号',
          post_code: '200030',
          certificate_no: '310104199001010011',
        },
      ])
      .returning('id')
      .execute();
    await trx
      .insertInto('user_enterprises')
      .values([
        { org_id: agency.id, user_id: agentId, enterprise_id: agencyClients[0]!.id },
        { org_id: agency.id, user_id: agentId, enterprise_id: agencyClients[2]!.id },
        { org_id: agency.id, user_id: overseasAgentId, enterprise_id: agencyClients[1]!.id },
      ])
      .execute();

    const company = await trx.insertInto('organisations').values({ name: '星辰日化股份有限公司', kind: 'company' }).returning('id').executeTakeFirstOrThrow();
    const companyAdmin = await addRole(company.id, '管理员', everything);
    const staffRole = await addRole(company.id, '员工', STAFF_PERMISSIONS.join(','));
    const legal = await addDepartment(company.id, '法务与知识产权部', null, 1);
    const brandTeam = await addDepartment(company.id, '商标组', legal, 1);
    const marketing = await addDepartment(company.id, '市场部', null, 2);
    const corpAdminId = await addUser(company.id, companyAdmin, DEMO_ACCOUNTS.corpAdmin, legal);
    await addUser(company.id, staffRole, DEMO_ACCOUNTS.staff, brandTeam);
    const marketingHeadId = await addUser(company.id, staffRole, DEMO_COLLEAGUES.marketingHead, marketing);
    await setHead(legal, corpAdminId);
    await setHead(brandTeam, corpAdminId);
    await setHead(marketing, marketingHeadId);
    await trx
      .insertInto('enterprises')
      .values({
        org_id: company.id,
        applicant_type: 1,
        book_type: 1,
        applicant_name: '星辰日化股份有限公司',
        applicant_address: '江苏省苏州市工业园区星湖街 328 号',
        post_code: '215123',
        applicant_credit_code: '91320594MA1M00000E',
      })
      .execute();
  });
  await seedDemoInbox(db);
  await db
    .insertInto('trial_applications')
    .values([
      {
        company_name: '宁波海曙明远文具有限公司',
        kind: 'company',
        contact_name: '何静',
        phone: '13957400021',
        email: 'hejing@example.com',
        username: 'mingyuan',
        note: '约 120 件商标，想把续展和官文期限管起来。',
      },
      {
        company_name: '成都锦知知识产权代理事务所',
        kind: 'agency',
        contact_name: '罗斌',
        phone: '13880000032',
        email: null,
        username: 'jinzhi-admin',
        note: '代理机构，客户 40 余家，需要多人协作与审批。',
      },
    ])
    .execute();
  return true;
}

/** A few messages and to-dos so the demo workbench is not empty. */
async function seedDemoInbox(db: Kysely<Database>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'org_id', 'display_name']).execute();
  const day = 86_400_000;
  for (const user of users) {
    await db
      .insertInto('messages')
      .values([
        {
          org_id: user.org_id,
          user_id: user.id,
          kind: 'system',
          title: '欢迎使用商标知识产权管理平台',
          content: `${user.display_name}，您好！可在“主题设置”中调整界面，在“个人中心”中修改密码。`,
        },
        {
          org_id: user.org_id,
          user_id: user.id,
          kind: 'system',
          title: '账号安全提示',
          content: '请勿与他人共用账号。连续 5 次输错密码，账号将锁定 15 分钟。',
        },
      ])
      .execute();
    await db
      .insertInto('todos')
      .values([
        {
          org_id: user.org_id,
          user_id: user.id,
          kind: 'task',
          title: '完善个人资料：核对手机号与邮箱',
          link: '/personal',
          due_at: new Date(Date.now() + 7 * day),
        },
        { org_id: user.org_id, user_id: user.id, kind: 'task', title: '浏览 45 类商品和服务分类', link: '/try45', due_at: null },
      ])
      .execute();
  }
}
