import type { CaseDetail } from '../../generated/types.js';
import type { AttachmentFiles, CaseFormValues } from '../../shared/caseForm/caseBizParam.js';

export { bizParamOf, type AttachmentFiles, type CaseFormValues } from '../../shared/caseForm/caseBizParam.js';

const downloadUrl = (path: string) => `/api/file/download?path=${encodeURIComponent(path)}`;

/** The files a case keeps, back under the attachment each was uploaded for, whatever country they were grouped by. */
export function attachmentFilesOf(detail: CaseDetail): AttachmentFiles {
  const out: AttachmentFiles = {};
  for (const group of detail.bizParam.detailOfficFile) {
    for (const [index, file] of group.files.entries()) {
      const key = file.attachmentKey ?? 'other';
      (out[key] ??= []).push({
        uid: `${group.appCountry}-${index}-${file.filePath}`,
        name: file.fileName,
        size: 0,
        type: '',
        url: downloadUrl(file.filePath),
        path: file.filePath,
        status: 'done',
      });
    }
  }
  return out;
}

/**
 * The form values of a saved case: what its form held, with the goods rebuilt from the per-country
 * items (detailCgInfo) and the mark from bizParam when the form lacks them (a case saved through the API).
 */
export function formValuesOf(detail: CaseDetail): CaseFormValues {
  const biz = detail.bizParam;
  const values: CaseFormValues = { ...biz.form };
  const first = biz.detailCgInfo[0];
  if (values.parentCgInfo === undefined && first && first.cgInfo.some((c) => c.goodsItem.length > 0)) {
    values.parentCgInfo = first.cgInfo.map((c) => ({
      tmCl: c.tmCl,
      goods: c.goodsItem.map((g) => ({ name: g.name, ...(g.code ? { groupNum: g.code } : {}) })),
    }));
  }
  if (values.brandId === undefined && biz.brandId) values.brandId = biz.brandId;
  if (values.tmName === undefined && biz.tmName) values.tmName = biz.tmName;
  return values;
}
