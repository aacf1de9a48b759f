import type { LetterBusiness, OfficialTypeEntry } from './officialTypes.js';

/** What the text of a CNIPA letter tells, each part absent when the letter does not print it. */
export interface ParsedLetter {
  /** The catalogue entry whose keyword matched (the longest match wins). */
  type?: OfficialTypeEntry;
  /** 发文编号: the letter's own number, the natural key that refuses the same letter twice. */
  dispatchNo?: string;
  /** 申请号 / 注册号 (Madrid: G followed by digits); of a copyright letter its 登记号, or the application's 流水号. */
  appNo?: string;
  /** 发文日期 as yyyy-MM-dd. */
  sendDate?: string;
  markName?: string;
  applicant?: string;
}

/** Labels a value runs up to when the text has lost its line breaks. */
const LABELS = [
  '发文编号',
  '发文号',
  '发文日期',
  '申请号',
  '注册号',
  '申请/注册号',
  '国际注册号',
  '商标名称',
  '商标',
  '申请人名称',
  '申请人',
  '注册人',
  '类别',
  '类 别',
  '代理机构',
  '地址',
  '邮编',
  '登记号',
  '流水号',
  '作品名称',
  '软件名称',
  '著作权人',
];

/** The title sits at the top; a body may name other letters ("…可申请驳回复审"), so the top is searched first. */
const TITLE_SPAN = 300;

/** The text in one form: plain digits, letters and colons, the usual characters, single spaces. */
export function normaliseLetterText(text: string): string {
  // NFKC: full-width digits and letters as plain ones, and the Kangxi radicals some PDF fonts
  // print (⽂ ⽇ ⼈) as the characters they stand for.
  return text
    .normalize('NFKC')
    .replace(/\u3000/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ');
}

/** The letter type whose keyword occurs, the longest one found; the title span first, then the whole text. */
export function findLetterType(text: string, catalog: readonly OfficialTypeEntry[], business?: LetterBusiness): OfficialTypeEntry | undefined {
  const compact = text.replace(/\s+/g, '');
  const entries = business ? catalog.filter((e) => e.business === business) : catalog;
  for (const span of [compact.slice(0, TITLE_SPAN), compact]) {
    let best: { entry: OfficialTypeEntry; length: number } | undefined;
    for (const entry of entries) {
      for (const word of [entry.label, ...entry.keywords]) {
        const w = word.replace(/\s+/g, '');
        if (w && span.includes(w) && (!best || w.length > best.length)) best = { entry, length: w.length };
      }
    }
    if (best) return best.entry;
  }
  return undefined;
}

function labelledValue(text: string, labels: string[]): string | undefined {
  for (const label of labels) {
    const re = new RegExp(`(?:^|[\\n\\s，,。；;（(])${label.replace(/\//g, '\\/')}\\s*[:：]\\s*([^\\n]*)`);
    const m = re.exec(text);
    if (!m) continue;
    let value = m[1];
    // A value runs to the end of its line, or to the next label on a line that lost its breaks.
    let cut = value.length;
    for (const other of LABELS) {
      const at = value.search(new RegExp(`\\s${other.replace(/\//g, '\\/')}\\s*[:：]`));
      if (at >= 0 && at < cut) cut = at;
    }
    value = value.slice(0, cut).trim();
    if (value) return value;
  }
  return undefined;
}

function isoDate(year: string, month: string, day: string): string | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1980 || y > 2100) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE = /(\d{4})\s*(?:年|-|\.|\/)\s*(\d{1,2})\s*(?:月|-|\.|\/)\s*(\d{1,2})\s*日?/;
const CHINESE_DIGITS: Record<string, string> = { 〇: '0', 零: '0', 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };

/** 二〇二五年三月十四日 → 2025-03-14 (the seal date of some letters is written out). */
function chineseDate(text: string): string | undefined {
  const m = /([〇零一二三四五六七八九]{4})年([一二三四五六七八九十]{1,2})月([一二三四五六七八九十]{1,3})日/.exec(text);
  if (!m) return undefined;
  const year = [...m[1]].map((c) => CHINESE_DIGITS[c]).join('');
  const number = (s: string): string => {
    if (s === '十') return '10';
    if (s.startsWith('十')) return `1${CHINESE_DIGITS[s[1]]}`;
    if (s.endsWith('十')) return `${CHINESE_DIGITS[s[0]]}0`;
    if (s.length === 3) return `${CHINESE_DIGITS[s[0]]}${CHINESE_DIGITS[s[2]]}`;
    return CHINESE_DIGITS[s];
  };
  return isoDate(year, number(m[2]), number(m[3]));
}

function sendDateOf(text: string): string | undefined {
  const labelled = /发文日期\s*[:：]?\s*([^\n]{0,20})/.exec(text);
  if (labelled) {
    const d = DATE.exec(labelled[1]);
    if (d) return isoDate(d[1], d[2], d[3]);
    const c = chineseDate(labelled[1]);
    if (c) return c;
  }
  // Without the label the date above the seal, the last one printed, is the letter's.
  const all = [...text.matchAll(new RegExp(DATE.source, 'g'))];
  for (let i = all.length - 1; i >= 0; i--) {
    const iso = isoDate(all[i][1], all[i][2], all[i][3]);
    if (iso) return iso;
  }
  return chineseDate(text);
}

/** A trademark application or registration number: digits, or a Madrid G number. */
const APP_NO = /^(G?\d{5,12})/i;

/**
 * The copyright centre's numbers: a software registration 2025SR0123456, a work's registration
 * 国作登字-2025-F-00012345, an application's 流水号 2025R11L0123456.
 */
const COPYRIGHT_NO = /^(\d{4}SR\d{5,8}|国作登字-\d{4}-[A-Z]-\d{6,8}|\d{4}R\d{2}[A-Z]\d{5,8})/i;

function copyrightNoOf(text: string): string | undefined {
  for (const label of ['登记号', '流水号', '申请号']) {
    const value = labelledValue(text, [label]);
    const m = value ? COPYRIGHT_NO.exec(value.replace(/\s+/g, '')) : null;
    if (m) return m[1].toUpperCase();
  }
  return undefined;
}

function appNoOf(text: string, business?: LetterBusiness): string | undefined {
  if (business === 'copyright') return copyrightNoOf(text);
  const value = labelledValue(text, ['申请/注册号', '申请号', '注册号', '国际注册号', '商标注册号', '登记号']);
  const m = value ? APP_NO.exec(value.replace(/\s+/g, '')) : null;
  if (m) return m[1].toUpperCase();
  // "第12345678号商标" in the body of a letter without the labelled line.
  const inBody = /第\s*(G?\d{5,12})\s*号(?:商标|注册商标)/i.exec(text);
  return inBody ? inBody[1].toUpperCase() : undefined;
}

function dispatchNoOf(text: string): string | undefined {
  const value = labelledValue(text, ['发文编号', '发文号']);
  const m = value ? /^([A-Za-z0-9][A-Za-z0-9\-_]{5,40})/.exec(value.replace(/\s+/g, '')) : null;
  return m ? m[1].toUpperCase() : undefined;
}

function trimName(value: string | undefined): string | undefined {
  let v = value;
  // A value inside brackets ("（申请人：某公司）申请注册…") ends at the bracket that closes it.
  const close = v?.search(/[）)]/) ?? -1;
  const open = v?.search(/[（(]/) ?? -1;
  if (v && close >= 0 && (open < 0 || open > close)) v = v.slice(0, close);
  v = v?.split(/[。；;，,]/)[0].trim();
  // A Chinese name holds no space: one after a Chinese character is where the next words begin.
  const gap = v?.search(/[\u4e00-\u9fff）)] /) ?? -1;
  if (v && gap >= 0) v = v.slice(0, gap + 1);
  return v && v.length <= 200 ? v : undefined;
}

/** Reads a letter's text as CNIPA (or the copyright centre) prints it. */
export function parseLetterText(raw: string, catalog: readonly OfficialTypeEntry[], business?: LetterBusiness): ParsedLetter {
  const text = normaliseLetterText(raw);
  const parsed: ParsedLetter = {};
  const type = findLetterType(text, catalog, business);
  if (type) parsed.type = type;
  const dispatchNo = dispatchNoOf(text);
  if (dispatchNo) parsed.dispatchNo = dispatchNo;
  const appNo = appNoOf(text, business ?? type?.business);
  if (appNo) parsed.appNo = appNo;
  const sendDate = sendDateOf(text);
  if (sendDate) parsed.sendDate = sendDate;
  const markName = trimName(labelledValue(text, ['商标名称', '商标', '作品名称', '软件名称'])) ?? /[“"]([^”"\n]{1,50})[”"]\s*(?:商标|注册商标)/.exec(text)?.[1];
  if (markName && !/^\d+$/.test(markName)) parsed.markName = markName;
  const applicant = trimName(labelledValue(text, ['申请人名称', '申请人', '注册人', '著作权人']));
  if (applicant) parsed.applicant = applicant;
  return parsed;
}

/** Whether the text says anything a letter would: a page that is blank or a photo with no writing says nothing. */
export function hasLetterText(text: string): boolean {
  return text.replace(/\s+/g, '').length >= 10;
}
