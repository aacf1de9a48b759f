import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { DemandFile, GoodsItem, UseEvidence } from '../../generated/types.js';
import type { FileStore } from '../files/fileStore.js';
import { logoPng } from '../trademarks/generatedLogo.js';
import { liveGoodsNames } from '../../shared/evidenceCoverage.js';
import { addDays, addMonths, chinaToday } from '../../shared/trademarkDates.js';

/** A one-page PDF with a few lines of text (Helvetica, so Latin letters and digits only). */
function simplePdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${760 - i * 28} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoFile {
  name: string;
  extension: 'pdf' | 'png';
  content: Buffer;
}

const pdf = (name: string, lines: string[]): DemoFile => ({ name, extension: 'pdf', content: simplePdf(lines) });
const png = (name: string, design: number): DemoFile => ({ name, extension: 'png', content: logoPng(design) });

/** The demo's evidence files: the same bytes in every organisation, so restored by their hash. */
const DEMO_FILES = {
  contract: pdf('经销合同.pdf', [
    'Distribution Contract',
    'Seller: trademark owner',
    'Buyer: regional distributor',
    'Term: three years',
    'Goods bear the registered mark',
  ]),
  invoice: pdf('增值税专用发票.pdf', ['VAT Special Invoice', 'Goods: branded products', 'Amount: CNY 128,600.00']),
  sales: pdf('年度销售记录表.pdf', ['Annual Sales Records', 'Monthly shipments by product line']),
  advert: pdf('广告投放合同.pdf', ['Advertising Agreement', 'Media: outdoor and online', 'Creative shows the registered mark']),
  shop: png('门店陈列照片.png', 101),
  packaging: png('产品包装与吊牌.png', 202),
  online: png('网店商品页面截图.png', 303),
} satisfies Record<string, DemoFile>;

type DemoFileKey = keyof typeof DEMO_FILES;
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const MIME = { pdf: 'application/pdf', png: 'image/png' } as const;

interface DemoItem {
  title: string;
  type: UseEvidence['evidenceType'];
  from: string;
  to: string | null;
  /** Which of the mark's goods: all, or the first n. */
  goods: 'all' | number;
  description: string;
  files: DemoFileKey[];
}

/** A mark shown in use in every half-year of the three years, for every goods item. */
const covered = (today: string): DemoItem[] => [
  {
    title: '区域经销合同',
    type: 'contract',
    from: addDays(addMonths(today, -36), 5),
    to: addDays(today, -3),
    goods: 'all',
    description: '与华东区经销商签订的三年经销合同，约定商品均使用本商标。',
    files: ['contract'],
  },
  {
    title: '增值税专用发票（批量供货）',
    type: 'invoice',
    from: addMonths(today, -30),
    to: null,
    goods: 'all',
    description: '发票货物名称栏载明商标与商品。',
    files: ['invoice'],
  },
  {
    title: '门店陈列照片',
    type: 'shop',
    from: addMonths(today, -20),
    to: null,
    goods: 2,
    description: '杭州旗舰店货架陈列，照片带拍摄日期。',
    files: ['shop'],
  },
  {
    title: '年度销售记录表',
    type: 'sales',
    from: addMonths(today, -12),
    to: addDays(today, -10),
    goods: 'all',
    description: '按月汇总的出货记录。',
    files: ['sales'],
  },
  {
    title: '网店商品页面截图',
    type: 'online',
    from: addMonths(today, -5),
    to: null,
    goods: 1,
    description: '天猫旗舰店商品页，含上架日期。',
    files: ['online'],
  },
];

/** A mark with evidence for some goods in the recent half-years only: the rest are gaps. */
const patchy = (today: string): DemoItem[] => [
  {
    title: '户外广告投放合同',
    type: 'advertising',
    from: addMonths(today, -10),
    to: null,
    goods: 1,
    description: '地铁灯箱广告，画面含本商标。',
    files: ['advert'],
  },
  {
    title: '产品包装与吊牌',
    type: 'packaging',
    from: addMonths(today, -4),
    to: null,
    goods: 1,
    description: '新版包装印有本商标。',
    files: ['packaging', 'invoice'],
  },
];

/** Goods for a demo mark that has none: the classification was not imported (a test database). */
const FALLBACK_GOODS: GoodsItem[] = [
  { code: '0306', name: '洗发水' },
  { code: '0306', name: '沐浴露' },
  { code: '0304', name: '香皂' },
];

/** Two registered marks of the organisation with a few goods items each, by archive order. */
async function demoMarks(db: Kysely<Database>, orgId: number): Promise<{ id: number; goods: GoodsItem[] }[]> {
  const registered = db
    .selectFrom('brand_archives')
    .select(['id', 'goods'])
    .where('org_id', '=', orgId)
    .where('reg_date', 'is not', null)
    .orderBy('id')
    .limit(2);
  const withGoods = await registered.where(sql<boolean>`jsonb_array_length(goods) between 2 and 6`).execute();
  if (withGoods.length === 2) return withGoods.map((m) => ({ id: m.id, goods: m.goods ?? [] }));
  const bare = await registered.where(sql<boolean>`jsonb_array_length(goods) = 0`).execute();
  for (const mark of bare)
    await db
      .updateTable('brand_archives')
      .set({ goods: JSON.stringify(FALLBACK_GOODS) })
      .where('id', '=', mark.id)
      .execute();
  return bare.map((m) => ({ id: m.id, goods: FALLBACK_GOODS }));
}

/**
 * The demo's use evidence, once: in each organisation one registered mark fully covered over the
 * three years before today and one with gaps, each item with its files. The files' rows are
 * written here; their bytes by `restoreDemoEvidenceFiles` when the server starts.
 */
export async function seedDemoUseEvidence(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('evidence_items').select('id').limit(1).executeTakeFirst()) return;
  const today = chinaToday();
  const month = today.slice(0, 7).replace('-', '');
  const organisations = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  for (const { id: orgId } of organisations) {
    const uploader = await db.selectFrom('users').select('id').where('org_id', '=', orgId).orderBy('id').limit(1).executeTakeFirst();
    const marks = await demoMarks(db, orgId);
    if (!uploader || marks.length < 2) continue;
    const paths = new Map<DemoFileKey, DemandFile>();
    for (const [key, file] of Object.entries(DEMO_FILES) as [DemoFileKey, DemoFile][]) {
      const hash = sha256(file.content);
      const path = `${orgId}/${month}/${hash}.${file.extension}`;
      await db
        .insertInto('files')
        .values({
          org_id: orgId,
          uploader_id: uploader.id,
          path,
          original_name: file.name,
          content_type: MIME[file.extension],
          size: file.content.length,
          sha256: hash,
        })
        .onConflict((oc) => oc.columns(['org_id', 'path']).doNothing())
        .execute();
      paths.set(key, { fileName: file.name, filePath: path });
    }
    for (const [mark, items] of [
      [marks[0]!, covered(today)],
      [marks[1]!, patchy(today)],
    ] as const) {
      const goods = liveGoodsNames((mark.goods ?? []) as GoodsItem[]);
      await db
        .insertInto('evidence_items')
        .values(
          items.map((item) => ({
            org_id: orgId,
            brand_id: mark.id,
            title: item.title,
            evidence_type: item.type,
            date_from: item.from,
            date_to: item.to,
            goods: JSON.stringify(item.goods === 'all' ? goods : goods.slice(0, item.goods)),
            description: item.description,
            files: JSON.stringify(item.files.map((key) => paths.get(key)!)),
            created_by: uploader.id,
          })),
        )
        .execute();
    }
  }
}

/**
 * Writes the bytes of the demo's evidence files wherever the files table has them and the store
 * does not: a database seeded elsewhere (a copied template, a restored backup) comes with the rows only.
 */
export async function restoreDemoEvidenceFiles(db: Kysely<Database>, files: FileStore): Promise<void> {
  const byHash = new Map(Object.values(DEMO_FILES).map((f) => [sha256(f.content), f]));
  const rows = await db
    .selectFrom('files')
    .select(['path', 'sha256'])
    .where('sha256', 'in', [...byHash.keys()])
    .execute();
  const incoming = join(files.localDir, '.incoming');
  for (const row of rows) {
    if (await files.objects.stat(row.path)) continue;
    const file = byHash.get(row.sha256)!;
    await mkdir(incoming, { recursive: true });
    const temp = join(incoming, `demo-${row.sha256}.${file.extension}`);
    await writeFile(temp, file.content);
    await files.objects.putFile(temp, row.path, MIME[file.extension]);
  }
}
