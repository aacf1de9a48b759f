import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { BrandMapNode } from '../../generated/types.js';
import { makeNode } from '../../shared/brandMapTree.js';

/** A node of a demo map: id, name, children. */
type Spec = [string, string, Spec[]?];
const build = ([id, label, children = []]: Spec): BrandMapNode => makeNode(id, label, children.map(build));

/** The demo's two maps: its brands, and its product lines by class. */
const DEMO_MAPS: { name: string; color: string; tree: Spec }[] = [
  {
    name: '品牌体系',
    color: '#ff7200',
    tree: [
      'brand',
      '品牌体系',
      [
        [
          'brand-main',
          '主品牌',
          [
            ['brand-xingchen', '星辰'],
            ['brand-qinghe', '青禾'],
          ],
        ],
        [
          'brand-sub',
          '子品牌',
          [
            ['brand-xingchen-rihua', '星辰日化'],
            ['brand-qinghe-youxuan', '青禾优选'],
            ['brand-yunfan', '云帆'],
          ],
        ],
      ],
    ],
  },
  {
    name: '产品线',
    color: '#1677ff',
    tree: [
      'line',
      '产品线',
      [
        [
          'line-daily',
          '日化用品',
          [
            ['line-wash', '洗护'],
            ['line-fragrance', '香氛'],
          ],
        ],
        ['line-food', '食品饮料'],
        ['line-digital', '数码电子'],
        ['line-apparel', '服装鞋帽'],
      ],
    ],
  },
];

/** Which demo marks carry which node: by name for brands, by class for product lines. */
const DEMO_LABELS: { node: string; map: string; where: ReturnType<typeof sql> }[] = [
  { node: 'brand-xingchen', map: '品牌体系', where: sql`a.tm_name in ('星辰', 'STARCHEN')` },
  { node: 'brand-qinghe', map: '品牌体系', where: sql`a.tm_name = '青禾'` },
  { node: 'brand-xingchen-rihua', map: '品牌体系', where: sql`a.tm_name = '星辰日化'` },
  { node: 'brand-qinghe-youxuan', map: '品牌体系', where: sql`a.tm_name = '青禾优选'` },
  { node: 'brand-yunfan', map: '品牌体系', where: sql`a.tm_name in ('云帆', 'YUNFAN')` },
  { node: 'line-wash', map: '产品线', where: sql`a.int_cls = 3 and a.id % 2 = 0` },
  { node: 'line-fragrance', map: '产品线', where: sql`a.int_cls = 3 and a.id % 2 = 1` },
  { node: 'line-food', map: '产品线', where: sql`a.int_cls between 29 and 33` },
  { node: 'line-digital', map: '产品线', where: sql`a.int_cls = 9` },
  { node: 'line-apparel', map: '产品线', where: sql`a.int_cls = 25` },
];

/** The demo organisations' knowledge maps and some tags on their marks, once. */
export async function seedDemoTags(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('brand_maps').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const orgs = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  await db.transaction().execute(async (trx) => {
    for (const org of orgs) {
      const maps = new Map<string, number>();
      for (const [i, m] of DEMO_MAPS.entries()) {
        const row = await trx
          .insertInto('brand_maps')
          .values({ org_id: org.id, name: m.name, color: m.color, sort: i + 1, map: JSON.stringify(build(m.tree)) })
          .returning('id')
          .executeTakeFirstOrThrow();
        maps.set(m.name, row.id);
      }
      for (const label of DEMO_LABELS) {
        await sql`
          insert into brand_labels (org_id, brand_archive_id, map_id, node_id, created_by)
          select a.org_id, a.id, ${maps.get(label.map)!}, ${label.node}, a.created_by
          from brand_archives a where a.org_id = ${org.id} and ${label.where}
          on conflict do nothing
        `.execute(trx);
      }
    }
  });
  return true;
}
