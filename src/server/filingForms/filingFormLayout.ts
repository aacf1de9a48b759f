import {
  AlignmentType,
  BorderStyle,
  Document,
  ImageRun,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
  type FileChild,
} from 'docx';
import type { FilingAgent, FilingFormInput, FilingGoodsItem, FilingMarkImage, FilingParty, FilingPriority } from './filingFormInput.js';

/** A form's printed content: its official title and the blocks under it. */
export interface FormContent {
  title: string;
  blocks: FileChild[];
}

/** One line of a form's box table: a section heading, one box across, or two boxes side by side. */
export type FormRow =
  | { section: string }
  | { label: string; value?: string | string[] }
  | { pair: [string, string | undefined, string, string | undefined] }
  | { text: string | string[] | undefined };

const FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' };
const BODY_SIZE = 21; // half-points: 五号
const LABEL_FILL = 'F2F2F2';
/** Column widths in twentieths of a point across A4 with 2 cm margins. */
const COLUMNS = [1900, 2919, 1900, 2919];
const TABLE_WIDTH = COLUMNS.reduce((a, b) => a + b, 0);
const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const BORDERS = { top: LINE, bottom: LINE, left: LINE, right: LINE, insideHorizontal: LINE, insideVertical: LINE };

const text = (value: string, bold = false) => new TextRun({ text: value, bold, font: FONT, size: BODY_SIZE });

/** Paragraphs of a value: one per line, an empty one for nothing (Word needs a paragraph in every cell). */
function lines(value: string | string[] | undefined): Paragraph[] {
  const list = Array.isArray(value) ? value : (value ?? '').split('\n');
  return (list.length > 0 ? list : ['']).map((line) => new Paragraph({ children: [text(line)] }));
}

function cell(children: Paragraph[], span: number, width: number, shaded = false): TableCell {
  return new TableCell({
    children,
    columnSpan: span > 1 ? span : undefined,
    width: { size: width, type: WidthType.DXA },
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    shading: shaded ? { type: ShadingType.CLEAR, color: 'auto', fill: LABEL_FILL } : undefined,
  });
}

const labelCell = (label: string, span = 1, width = COLUMNS[0]) => cell([new Paragraph({ children: [text(label, true)] })], span, width, true);

/** The form's boxes as a four-column table: label, value, label, value. */
export function formTable(rows: readonly FormRow[]): Table {
  return new Table({
    width: { size: TABLE_WIDTH, type: WidthType.DXA },
    columnWidths: COLUMNS,
    borders: BORDERS,
    rows: rows.map((row) => {
      if ('section' in row) return new TableRow({ children: [labelCell(row.section, 4, TABLE_WIDTH)] });
      if ('text' in row) return new TableRow({ children: [cell(lines(row.text), 4, TABLE_WIDTH)] });
      if ('pair' in row) {
        const [l1, v1, l2, v2] = row.pair;
        return new TableRow({ children: [labelCell(l1), cell(lines(v1), 1, COLUMNS[1]), labelCell(l2), cell(lines(v2), 1, COLUMNS[3])] });
      }
      return new TableRow({ children: [labelCell(row.label), cell(lines(row.value), 3, TABLE_WIDTH - COLUMNS[0])] });
    }),
  });
}

/** Tick boxes as the paper form prints them: ☑ chosen, ☐ not. */
export function tickBoxes(options: readonly [label: string, ticked: boolean][]): string {
  return options.map(([label, ticked]) => `${ticked ? '☑' : '☐'}${label}`).join('    ');
}

/** The boxes of one party: Chinese and English name and address where the form has them, code, postcode, contact. */
export function partyRows(role: string, party: FilingParty | undefined, options: { english?: boolean; contact?: boolean } = {}): FormRow[] {
  const p = party ?? { name: '' };
  const rows: FormRow[] = [{ label: `${role}名称（中文）`, value: p.name }];
  if (options.english) rows.push({ label: `${role}名称（英文）`, value: p.nameEn });
  rows.push({ pair: ['统一社会信用代码', p.creditCode, '国籍/地区', p.nationality] });
  rows.push({ label: `${role}地址（中文）`, value: p.address });
  if (options.english) rows.push({ label: `${role}地址（英文）`, value: p.addressEn });
  if (options.contact !== false) {
    rows.push({ pair: ['邮政编码', p.postcode, '联系人', p.contact] });
    rows.push({ label: '电话', value: p.phone });
  }
  return rows;
}

export function agentRows(agent: FilingAgent | undefined): FormRow[] {
  return [{ label: '代理机构名称', value: agent?.name }, { pair: ['代理人', agent?.attorney, '代理人电话', agent?.phone] }];
}

export function receiverRows(input: FilingFormInput): FormRow[] {
  const r = input.domesticReceiver;
  return [{ label: '外国申请人的国内接收人', value: r?.name }, { pair: ['国内接收人地址', r?.address, '邮政编码', r?.postcode] }];
}

export function priorityRows(priority: FilingPriority | undefined): FormRow[] {
  return [
    {
      label: '要求优先权声明',
      value: tickBoxes([
        ['基于第一次申请的优先权', priority?.basis === 'firstFiling'],
        ['基于展会的优先权', priority?.basis === 'exhibition'],
        ['优先权证明文件后补', priority?.documentsLater === true],
      ]),
    },
    { pair: ['申请/展会国家/地区', priority?.country, '申请/展会日期', priority?.date] },
    { label: '申请号', value: priority?.number },
  ];
}

/** Classes as the forms print them: 第9类、第35类. */
export const classList = (classes: readonly number[] | undefined) => (classes ?? []).map((c) => `第${c}类`).join('、');

/** Goods by class, then group code; items of a group keep their given order. */
export function orderedGoods(goods: readonly FilingGoodsItem[]): FilingGoodsItem[] {
  return goods
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.classNo - b.item.classNo || a.item.groupCode.localeCompare(b.item.groupCode) || a.index - b.index)
    .map(({ item }) => item);
}

const GOODS_COLUMNS = [1100, 1300, 7238];

/** The goods list under its heading: one row per group, class by class, items joined by the full-width semicolon. */
export function goodsTable(heading: string, goods: readonly FilingGoodsItem[]): Table {
  const groups: { classNo: number; groupCode: string; names: string[] }[] = [];
  for (const item of orderedGoods(goods)) {
    const last = groups.at(-1);
    if (last && last.classNo === item.classNo && last.groupCode === item.groupCode) last.names.push(item.name);
    else groups.push({ classNo: item.classNo, groupCode: item.groupCode, names: [item.name] });
  }
  const header = new TableRow({
    tableHeader: true,
    children: [labelCell('类别', 1, GOODS_COLUMNS[0]), labelCell('类似群', 1, GOODS_COLUMNS[1]), labelCell('商品/服务项目', 1, GOODS_COLUMNS[2])],
  });
  return new Table({
    width: { size: TABLE_WIDTH, type: WidthType.DXA },
    columnWidths: GOODS_COLUMNS,
    borders: BORDERS,
    rows: [
      new TableRow({ tableHeader: true, children: [labelCell(heading, 3, TABLE_WIDTH)] }),
      header,
      ...groups.map(
        (g) =>
          new TableRow({
            cantSplit: true,
            children: [
              cell(lines(String(g.classNo)), 1, GOODS_COLUMNS[0]),
              cell(lines(g.groupCode), 1, GOODS_COLUMNS[1]),
              cell(lines(g.names.join('；')), 1, GOODS_COLUMNS[2]),
            ],
          }),
      ),
    ],
  });
}

/** 其他共同申请人 (or 共有人) as the form's attached list. */
export function coApplicantTable(heading: string, parties: readonly FilingParty[]): Table {
  return formTable([
    { section: heading },
    ...parties.flatMap((p, i) => [
      { label: `${i + 1}. 名称`, value: [p.name, p.nameEn ?? ''].filter(Boolean) },
      { label: '地址', value: [p.address ?? '', p.addressEn ?? ''].filter(Boolean) },
    ]),
  ]);
}

const IMAGE_BOX = 280; // pixels at 96 dpi, about 7.4 cm

/** The box for the mark: the image scaled to fit, or the place to paste it. */
export function markImageTable(image: FilingMarkImage | undefined): Table {
  const scale = image ? Math.min(1, IMAGE_BOX / Math.max(image.width, image.height)) : 1;
  const content = image
    ? new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new ImageRun({
            type: image.type,
            data: image.data,
            transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) },
          }),
        ],
      })
    : new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 1600, after: 1600 }, children: [text('（商标图样粘贴处）')] });
  return new Table({
    width: { size: TABLE_WIDTH, type: WidthType.DXA },
    columnWidths: [TABLE_WIDTH],
    borders: BORDERS,
    rows: [new TableRow({ children: [labelCell('商标图样', 1, TABLE_WIDTH)] }), new TableRow({ children: [cell([content], 1, TABLE_WIDTH)] })],
  });
}

/** Numbered paragraphs of a list, or one blank line. */
export const numbered = (list: readonly string[] | undefined): string[] => (list ?? []).map((entry, i) => `${i + 1}. ${entry}`);

/** The signature line: each seal or signature with room to sign, then the date. */
export function signatureBlock(seals: readonly string[], signedOn: string | undefined): Paragraph[] {
  const date = signedOn ? `${signedOn.slice(0, 4)}年${Number(signedOn.slice(5, 7))}月${Number(signedOn.slice(8, 10))}日` : '年    月    日';
  return [
    new Paragraph({ spacing: { before: 360 }, children: [] }),
    ...seals.map((seal) => new Paragraph({ spacing: { before: 240, after: 240 }, children: [text(`${seal}：`), text('　'.repeat(16))] })),
    new Paragraph({ alignment: AlignmentType.RIGHT, children: [text(date)] }),
  ];
}

export const gap = () => new Paragraph({ spacing: { after: 120 }, children: [] });

/** A text section under its heading, e.g. 事实与理由. */
export function textSection(heading: string, value: string | string[] | undefined): Table {
  return formTable([{ section: heading }, { text: value }]);
}

/** The Word document of a form: A4, 宋体 五号, the title centred in 小二 bold. */
export function formDocument(content: FormContent): Document {
  return new Document({
    title: content.title,
    creator: '商标与知识产权案件管理平台',
    styles: { default: { document: { run: { font: FONT, size: BODY_SIZE } } } },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        children: [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 300 },
            children: [new TextRun({ text: content.title, bold: true, font: FONT, size: 36 })],
          }),
          ...content.blocks,
        ],
      },
    ],
  });
}

/** The classes a form names: those given on the mark, else those of its goods, ascending. */
export function markClasses(input: FilingFormInput): number[] {
  const classes = input.mark.classes ?? (input.goods ?? []).map((g) => g.classNo);
  return [...new Set(classes)].sort((a, b) => a - b);
}

/** 是否共有商标 */
export const sharedMark = (input: FilingFormInput) =>
  tickBoxes([
    ['是', input.mark.shared === true],
    ['否', input.mark.shared !== true],
  ]);

/** The number of a mark as the forms ask for it: the registration number once there is one. */
export const markNumber = (input: FilingFormInput) => input.mark.regNo ?? input.mark.appNo;

/** The co-owners' list, when there are any. */
export const coApplicantBlocks = (heading: string, input: FilingFormInput): FileChild[] =>
  input.coApplicants && input.coApplicants.length > 0 ? [gap(), coApplicantTable(heading, input.coApplicants)] : [];

/** A goods list under its heading, when there are goods. */
export const goodsBlocks = (heading: string, goods: readonly FilingGoodsItem[] | undefined): FileChild[] =>
  goods && goods.length > 0 ? [gap(), goodsTable(heading, goods)] : [];

/** 请求事项, 法律依据, 事实与理由 and 证据目录 of the review and opposition forms. */
export function groundsBlocks(input: FilingFormInput, requestHeading: string, factsHeading = '事实与理由'): FileChild[] {
  return [
    gap(),
    textSection(requestHeading, input.request),
    gap(),
    textSection('法律依据', input.legalBasis),
    gap(),
    textSection(factsHeading, input.facts),
    gap(),
    textSection('证据目录', numbered(input.evidence)),
  ];
}
