import type { CaseBizParam, CaseCountryFiles, CaseGoodsItem, CaseTmItem, UploadedFile } from '../../generated/types.js';
import { classGoodsRows, type ClassGoods } from './classGoods.js';
import { coOwnerRows } from './coOwners.js';

/** The values of a case type's application form, as Formily holds them. */
export type CaseFormValues = Record<string, unknown>;

/** The uploaded files of each attachment the type asks for, by the attachment's key. */
export type AttachmentFiles = Record<string, UploadedFile[]>;

const COUNTRY = /^[A-Z]{2,3}$/;
const GROUP = /^[0-9]{4}$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const codes = (value: unknown) => (Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string' && COUNTRY.test(c)) : []);
const isClass = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 45;

function goodsItems(rows: ClassGoods[]): CaseGoodsItem[] {
  return rows.flatMap((row) => row.goods.map((g) => ({ tmCl: row.tmCl, name: g.name, ...(g.groupNum && GROUP.test(g.groupNum) ? { code: g.groupNum } : {}) })));
}

/** The classes a form names: those of its goods, else its single class field (a renewal's, a transfer's). */
function formClasses(values: CaseFormValues, rows: ClassGoods[]): number[] {
  if (rows.length > 0) return rows.map((r) => r.tmCl);
  const one = values.intCls;
  if (isClass(one)) return [one];
  return Array.isArray(one) ? [...new Set(one.filter(isClass))].sort((a, b) => a - b) : [];
}

/**
 * The countries applied to: China for a domestic type; for an overseas one the countries named
 * nationally, then those designated through Madrid, then a single country field.
 */
function countriesOf(scope: 'domestic' | 'overseas', values: CaseFormValues): { code: string; basis: string }[] {
  if (scope === 'domestic') return [{ code: 'CN', basis: '' }];
  const seen = new Set<string>();
  const out: { code: string; basis: string }[] = [];
  const add = (code: string, basis: string) => {
    if (seen.has(code)) return;
    seen.add(code);
    out.push({ code, basis });
  };
  codes(values.nationalCountries).forEach((c) => add(c, '逐一国家注册'));
  codes(values.madridCountries).forEach((c) => add(c, '马德里国际注册'));
  const single = text(values.appCountry);
  if (COUNTRY.test(single)) add(single, '');
  return out;
}

/** The files of the attachments as the case keeps them: all under the first country applied to. */
function submitFiles(country: string, files: AttachmentFiles): CaseCountryFiles[] {
  const list = Object.entries(files).flatMap(([attachmentKey, uploaded]) =>
    uploaded.filter((f) => f.path).map((f) => ({ fileName: f.name, filePath: f.path, attachmentKey })),
  );
  return list.length > 0 ? [{ appCountry: country, files: list }] : [];
}

/**
 * The save payload of spec 000 §3 from the form: tmItems per country built from the goods,
 * officialSubmitFiles from the uploaded attachments, the priority claim and co-owners as the JSON
 * texts the API keeps, the mark and classes, and every form value under `form`.
 */
export function bizParamOf(scope: 'domestic' | 'overseas', values: CaseFormValues, files: AttachmentFiles): CaseBizParam {
  const rows = classGoodsRows(values.parentCgInfo);
  const classes = formClasses(values, rows);
  const goods = goodsItems(rows);
  const basic = [text(values.basicAppNo), text(values.basicRegNo)].filter(Boolean).join(',');
  const translate = text(values.goodsItemTranslate);
  const countries = countriesOf(scope, values);
  const tmItems: CaseTmItem[] = countries.map(({ code, basis }) => ({
    appCountry: code,
    tmCl: classes,
    goodsItem: goods,
    ...(translate ? { goodsItemTranslate: translate } : {}),
    ...(basic && scope === 'overseas' ? { basicTmInfos: basic } : {}),
    ...(basis ? { applyBasic: basis } : {}),
  }));
  const claimed = values.priorityRadio === 'yes';
  const brandId = typeof values.brandId === 'number' && values.brandId > 0 ? values.brandId : null;
  return {
    tmItems,
    officialSubmitFiles: submitFiles(countries[0]?.code ?? 'CN', files),
    priorityRadio: claimed ? 'yes' : 'no',
    dplPriorityTm: JSON.stringify(claimed ? [values.dplPriorityTm ?? {}] : []),
    tmType: text(values.tmType).slice(0, 20),
    coOwnerInfo: JSON.stringify(coOwnerRows(values.coOwnerInfo)),
    brandId,
    intCls: classes,
    tmName: text(values.tmName),
    form: JSON.parse(JSON.stringify(values)) as Record<string, unknown>,
  };
}
