import { extname } from 'node:path';
import type { FileStore } from '../files/fileStore.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { filingFormDocx, filingFormFileName } from '../filingForms/filingFormDocx.js';
import {
  FILING_FORM_KINDS,
  type FilingFormInput,
  type FilingFormKind,
  type FilingGoodsItem,
  type FilingMarkImage,
  type FilingParty,
  type MarkDeclaration,
} from '../filingForms/filingFormInput.js';
import type { CaseRow } from './caseStore.js';
import { tmItemsOf } from './caseReads.js';
import type { CaseType } from './caseTypes.js';

type FormValues = Record<string, unknown>;

const text = (form: FormValues, key: string): string => {
  const value = form[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};
const optional = (value: string) => value || undefined;

/** A party of the form from the case's fields `<prefix>Name`, `<prefix>Address`… (applicant: applicantName…). */
function party(form: FormValues, prefix: string): FilingParty {
  return {
    name: text(form, `${prefix}Name`),
    nameEn: optional(text(form, `${prefix}NameEn`)),
    address: optional(text(form, `${prefix}Address`)),
    addressEn: optional(text(form, `${prefix}AddressEn`)),
    creditCode: optional(text(form, `${prefix}CreditCode`)),
    postcode: prefix === 'applicant' ? optional(text(form, 'postCode')) : undefined,
  };
}

/** A JSON text or a list, as bizParam keeps lists the page sends as text. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? [parsed] : [];
    } catch {
      return [];
    }
  }
  return value && typeof value === 'object' ? [value] : [];
}

const records = (value: unknown) => listOf(value).filter((v): v is FormValues => v !== null && typeof v === 'object');

function coOwners(row: CaseRow, form: FormValues): FilingParty[] {
  const rows = records(form.coOwnerInfo).length > 0 ? records(form.coOwnerInfo) : records(row.biz_param.coOwnerInfo);
  return rows
    .map((r) => ({
      name: text(r, 'name'),
      nameEn: optional(text(r, 'nameEn')),
      address: optional(text(r, 'address')),
      addressEn: optional(text(r, 'addressEn')),
      creditCode: optional(text(r, 'creditCode')),
    }))
    .filter((p) => p.name);
}

/** The goods in class, group and item-number order: the form's goods by class (parentCgInfo), else the Chinese item's. */
async function goodsOf(db: ScopedDb, row: CaseRow, form: FormValues): Promise<FilingGoodsItem[]> {
  const byClass = records(form.parentCgInfo);
  const goods: (FilingGoodsItem & { order: string })[] =
    byClass.length > 0
      ? byClass.flatMap((c) =>
          records(c.goods).map((g) => ({
            classNo: Number(c.tmCl),
            groupCode: text(g, 'groupNum'),
            code: optional(text(g, 'cgNum')),
            name: text(g, 'name'),
            order: text(g, 'cgNum'),
          })),
        )
      : ((await tmItemsOf(db, row.id)).find((i) => i.appCountry === 'CN')?.goodsItem ?? []).map((g) => ({
          classNo: g.tmCl,
          groupCode: g.code ?? '',
          name: g.name,
          order: '',
        }));
  return goods
    .filter((g) => g.name && Number.isInteger(g.classNo))
    .map((g, index) => ({ ...g, index }))
    .sort(
      (a, b) =>
        a.classNo - b.classNo || a.groupCode.localeCompare(b.groupCode) || (a.order && b.order ? a.order.localeCompare(b.order) : 0) || a.index - b.index,
    )
    .map(({ order: _order, index: _index, ...g }) => g);
}

/** The mark image when the case's picture is a PNG or JPEG the organisation uploaded. */
async function markImage(db: ScopedDb, files: FileStore, path: string): Promise<FilingMarkImage | undefined> {
  if (!path) return undefined;
  const extension = extname(path).slice(1).toLowerCase();
  const type = extension === 'png' ? 'png' : extension === 'jpg' || extension === 'jpeg' ? 'jpg' : null;
  if (!type) return undefined;
  const file = await db.selectFrom('files').select(['image_width', 'image_height']).where('path', '=', path).executeTakeFirst();
  if (!file?.image_width || !file.image_height) return undefined;
  return { data: new Uint8Array(await files.read(path)), type, width: file.image_width, height: file.image_height };
}

function declarations(form: FormValues): MarkDeclaration[] {
  const out: MarkDeclaration[] = [];
  const tmType = text(form, 'tmType');
  if (tmType === 'collective') out.push('collective');
  if (tmType === 'certification') out.push('certification');
  const shape = text(form, 'markForm');
  if (shape === 'threeDimensional') out.push('threeDimensional');
  if (shape === 'color') out.push('colourCombination');
  if (shape === 'sound') out.push('sound');
  return out;
}

function priority(row: CaseRow, form: FormValues): FilingFormInput['priority'] {
  if ((row.biz_param.priorityRadio ?? text(form, 'priorityRadio')) !== 'yes') return undefined;
  const claim = records(row.biz_param.dplPriorityTm)[0] ?? records(form.dplPriorityTm)[0];
  if (!claim) return undefined;
  const code = text(claim, 'priorityCountry');
  return {
    basis: text(claim, 'priorityType') === 'exhibition' ? 'exhibition' : 'firstFiling',
    country: countryCatalog().get(code)?.name ?? code,
    date: text(claim, 'priorityDate'),
    number: optional(text(claim, 'priorityNo')),
  };
}

const classesOf = (row: CaseRow, form: FormValues): number[] => {
  const chosen = listOf(form.intCls).map(Number).filter(Number.isInteger);
  return chosen.length > 0 ? chosen : row.classes;
};

/** The lines of a list written one a line. */
const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The case as the filing form reads it: the signing party, the other side, the mark, its goods and the grounds. */
export async function filingFormInputOf(db: ScopedDb, files: FileStore, type: CaseType, row: CaseRow, kind: FilingFormKind): Promise<FilingFormInput> {
  const form = (row.biz_param.form ?? {}) as FormValues;
  const applicant = party(form, 'applicant');
  if (!applicant.name) applicant.name = row.applicant_name;
  const coApplicants = coOwners(row, form);
  const agentName = text(form, 'newAgentName') || text(form, 'agentName');
  const input: FilingFormInput = {
    applicant,
    coApplicants,
    agent: agentName ? { name: agentName, attorney: optional(text(form, 'newAgentPerson') || text(form, 'agentPerson')) } : undefined,
    mark: {
      name: row.tm_name || text(form, 'tmName'),
      appNo: optional(text(form, 'appNo') || row.app_no),
      regNo: optional(text(form, 'regNo')),
      description: optional(text(form, 'markDescription')),
      declarations: declarations(form),
      shared: coApplicants.length > 0,
    },
    facts: optional(text(form, 'factsAndReasons')),
    evidence: lines(text(form, 'evidenceList')),
  };
  switch (kind) {
    case 'registration':
      input.goods = await goodsOf(db, row, form);
      input.priority = priority(row, form);
      input.mark.image = await markImage(db, files, text(form, 'markImage'));
      break;
    case 'renewal':
      input.mark.classes = classesOf(row, form);
      break;
    case 'transfer':
      input.counterparty = party(form, 'transferee');
      input.transferKind = type.name === 'assignment' ? 'succession' : 'transfer';
      input.mark.classes = classesOf(row, form);
      break;
    case 'change': {
      const newName = text(form, 'newApplicantName');
      const newAddress = text(form, 'newApplicantAddress');
      input.change = {
        matters: [...(newName ? (['name'] as const) : []), ...(newAddress ? (['address'] as const) : [])],
        ...(newName ? { nameBefore: applicant.name, nameBeforeEn: applicant.nameEn } : {}),
        ...(newAddress ? { addressBefore: applicant.address, addressBeforeEn: applicant.addressEn } : {}),
      };
      // The form names the applicant as it is after the change.
      input.applicant = {
        ...applicant,
        name: newName || applicant.name,
        nameEn: optional(text(form, 'newApplicantNameEn')) ?? (newName ? undefined : applicant.nameEn),
        address: newAddress || applicant.address,
        addressEn: optional(text(form, 'newApplicantAddressEn')) ?? (newAddress ? undefined : applicant.addressEn),
      };
      input.mark.classes = classesOf(row, form);
      break;
    }
    case 'licenseRecord':
      input.counterparty = party(form, 'licensee');
      input.mark.classes = classesOf(row, form);
      if (text(form, 'licenseStartDate') || text(form, 'licenseEndDate'))
        input.licence = { from: text(form, 'licenseStartDate'), to: text(form, 'licenseEndDate') };
      break;
    case 'objection':
    case 'invalidation':
    case 'nonUseCancellation': {
      input.counterparty = { name: text(form, 'targetHolderName'), address: optional(text(form, 'targetHolderAddress')) };
      const targetClass = Number(text(form, 'targetTmCl'));
      input.mark = {
        name: text(form, 'targetTmName'),
        regNo: optional(text(form, 'targetNo')),
        classes: Number.isInteger(targetClass) && targetClass > 0 ? [targetClass] : undefined,
      };
      const grounds = listOf(form.grounds).filter((g): g is string => typeof g === 'string');
      if (grounds.length > 0) input.legalBasis = grounds.join('；');
      if (kind === 'objection' && text(form, 'announcementIssue'))
        input.publication = { issue: text(form, 'announcementIssue'), date: optional(text(form, 'announcementDate')) };
      if (kind === 'nonUseCancellation') input.cancelAllGoods = text(form, 'cancelScope') !== 'partial';
      break;
    }
    case 'rejectRecheck':
      input.mark.classes = classesOf(row, form);
      if (text(form, 'refusalDate')) input.rejection = { date: text(form, 'refusalDate') };
      break;
  }
  return input;
}

const isKind = (value: string | null): value is FilingFormKind => value !== null && (FILING_FORM_KINDS as readonly string[]).includes(value);

/** The case's filled CNIPA form as .docx with its download name; refused for a type without a form. */
export async function caseFilingForm(db: ScopedDb, files: FileStore, type: CaseType, row: CaseRow): Promise<{ content: Buffer; fileName: string }> {
  const kind = type.filingForm;
  if (!isKind(kind)) throw badRequest(`${type.title}没有国家知识产权局的申请书式样，不能生成申请书`);
  const input = await filingFormInputOf(db, files, type, row, kind);
  return { content: await filingFormDocx(kind, input), fileName: filingFormFileName(kind, input.mark.name || row.case_no) };
}
