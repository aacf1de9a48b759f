import type { Licence } from '../../generated/types.js';
import { addTableSheet, excelLibrary } from '../excelLibrary.js';

/** Licences one export may hold. */
export const MAX_EXPORT = 10_000;

/** The licences as a workbook: one row each, then a sheet with one row per licensed mark and its goods. */
export async function licenceWorkbook(licences: readonly Licence[]): Promise<Buffer> {
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  const sheet = addTableSheet(workbook, '许可', [
    { header: '许可商标', key: 'markNames', width: 28 },
    { header: '许可人', key: 'licensor', width: 26 },
    { header: '被许可人', key: 'licensee', width: 26 },
    { header: '许可类型', key: 'licenceTypeTitle', width: 10 },
    { header: '许可地域', key: 'territory', width: 14 },
    { header: '许可开始日期', key: 'startDate', width: 12 },
    { header: '许可截止日期', key: 'endDate', width: 12 },
    { header: '状态', key: 'stateTitle', width: 10 },
    { header: '剩余天数', key: 'daysLeft', width: 9 },
    { header: '许可使用费（元）', key: 'royalty', width: 14 },
    { header: '备案案件', key: 'caseNo', width: 18 },
    { header: '备案状态', key: 'caseStatusTitle', width: 12 },
    { header: '承办人', key: 'handlerName', width: 10 },
    { header: '备注', key: 'remark', width: 30 },
  ]);
  const goods = addTableSheet(workbook, '许可商品', [
    { header: '许可商标', key: 'tmName', width: 20 },
    { header: '申请号', key: 'appNo', width: 14 },
    { header: '注册号', key: 'regNo', width: 14 },
    { header: '类别', key: 'intCls', width: 6 },
    { header: '许可人', key: 'licensor', width: 26 },
    { header: '被许可人', key: 'licensee', width: 26 },
    { header: '许可截止日期', key: 'endDate', width: 12 },
    { header: '许可商品/服务', key: 'goods', width: 60 },
  ]);
  for (const licence of licences) {
    sheet.addRow({ ...licence, caseNo: licence.caseNo ?? '', royalty: licence.royalty ?? '' });
    for (const mark of licence.marks) {
      goods.addRow({
        tmName: mark.tmName || '图形',
        appNo: mark.appNo,
        regNo: mark.regNo ?? '',
        intCls: mark.intCls ?? '',
        licensor: licence.licensor,
        licensee: licence.licensee,
        endDate: licence.endDate,
        goods: mark.licenseGoods.map((g) => (g.code ? `${g.code} ${g.name}` : g.name)).join('；'),
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
