import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

const AGREEMENT = `欢迎使用商标知识产权管理平台（以下简称“本平台”）。请您在使用前仔细阅读本协议。

一、服务内容
本平台为企业和商标代理机构提供商标、版权、专利档案管理，案件与提案管理，官文与期限管理，费用管理，风险监控及证据保全等服务。

二、账号与安全
1. 账号由您所在组织的管理员开通，仅限本人使用，不得转让或出借。
2. 请妥善保管密码。连续输错密码将导致账号暂时锁定。
3. 如发现账号被盗用，请立即联系管理员修改密码并退出所有登录。

三、数据归属与保密
1. 您和您的组织上传、录入的数据归您的组织所有。
2. 不同组织的数据相互隔离，本平台不会向其他组织披露您的数据。
3. 本平台仅在提供服务所必需的范围内处理您的数据。

四、使用规范
您不得利用本平台从事违法活动，不得上传侵犯他人知识产权或含有恶意代码的文件。

五、期限提醒的性质
本平台提供的官文期限计算与提醒仅作辅助，最终以主管机关送达的文书为准，请您自行核对重要期限。

六、协议变更
协议更新后将在本页面公布，继续使用即视为同意更新后的协议。`;

const BANNERS = [
  { title: '商标档案一站管理', subtitle: '国内外商标、版权、专利档案集中维护，状态与期限一目了然', link: '/brandManage/brandRecord', position: 1 },
  { title: '官文期限自动计算', subtitle: '按官文类型与送达方式计算办理期限，到期前提醒相关人员', link: '/brand/filesAll', position: 2 },
  { title: '45 类商品和服务分类', subtitle: '类似群与商品项目随时查询', link: '/try45', position: 3 },
];

const RELEASE_NOTES = [
  {
    version: '0.1.0',
    title: '平台首个版本',
    content: `· 账号登录、退出与会话管理，连续输错密码自动锁定
· 按角色权限生成菜单，全部业务路由就绪
· 主题设置：主题色、暗黑 / 灰色 / 色弱模式、纵向或横向布局、标签栏与面包屑
· 45 类商品和服务分类浏览与搜索
· 工作台：待办、站内消息与组织概况
· 多组织数据隔离`,
  },
];

/** Platform content every deployment starts with; existing rows are left as an administrator set them. */
export async function seedSiteContent(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('site_documents')
    .values({ key: 'agreement', title: '用户服务协议', content: AGREEMENT, version: '2026-11' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const anyBanner = await db.selectFrom('banners').select('id').limit(1).executeTakeFirst();
  if (!anyBanner) await db.insertInto('banners').values(BANNERS).execute();
  await db
    .insertInto('release_notes')
    .values(RELEASE_NOTES)
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}
