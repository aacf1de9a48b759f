import JSZip from 'jszip';
import { FIELD_ENUM_TITLES } from '../../generated/fieldFormats.js';
import { addTableSheet, excelLibrary } from '../excelLibrary.js';
import type { FileStore } from '../files/fileStore.js';
import type { EvidenceRow } from './evidenceStore.js';

const TYPE_TITLES = FIELD_ENUM_TITLES.UseEvidence.evidenceType as Record<string, string>;

/** A name safe in any zip reader: no path separators or characters Windows refuses. */
const safeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 120) || '文件';

const dateText = (e: EvidenceRow) => (e.date_to && e.date_to !== e.date_from ? `${e.date_from} 至 ${e.date_to}` : e.date_from);

/**
 * The evidence as a 撤三答辩 bundle: `证据目录.xlsx` (序号, 证据名称, 类型, 日期, 证明的商品, 文件名)
 * and each item's files, named after their number so the index and the files read together.
 */
export async function evidenceBundle(files: FileStore, evidence: readonly EvidenceRow[]): Promise<Buffer> {
  const zip = new JSZip();
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  const sheet = addTableSheet(workbook, '证据目录', [
    { header: '序号', key: 'no', width: 6 },
    { header: '证据名称', key: 'title', width: 30 },
    { header: '类型', key: 'type', width: 12 },
    { header: '日期', key: 'date', width: 24 },
    { header: '证明的商品', key: 'goods', width: 40 },
    { header: '文件名', key: 'files', width: 50 },
  ]);
  const used = new Set<string>();
  for (const [index, item] of evidence.entries()) {
    const no = String(index + 1).padStart(2, '0');
    const names: string[] = [];
    for (const file of item.files) {
      let name = `${no}-${safeName(file.fileName)}`;
      for (let n = 2; used.has(name); n++) name = `${no}-${n}-${safeName(file.fileName)}`;
      used.add(name);
      zip.file(name, await files.read(file.filePath));
      names.push(name);
    }
    sheet.addRow({
      no: index + 1,
      title: item.title,
      type: TYPE_TITLES[item.evidence_type] ?? item.evidence_type,
      date: dateText(item),
      goods: item.goods.join('、'),
      files: names.join('\n'),
    });
  }
  sheet.getColumn('files').alignment = { wrapText: true, vertical: 'top' };
  zip.file('证据目录.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
