import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import caseTypeMeta from '../../schemas/meta/case-type.schema.json';
import { FILING_FORM_TITLES, filingFormDocx, filingFormFileName } from '../../src/server/filingForms/filingFormDocx.js';
import { FILING_FORM_KINDS, type FilingFormInput, type FilingFormKind, type FilingGoodsItem } from '../../src/server/filingForms/filingFormInput.js';

/** The text of word/document.xml in reading order, after checking the XML is well formed. */
async function documentText(docx: Buffer): Promise<{ text: string; zip: JSZip }> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  const parser = new SaxesParser();
  const runs: string[] = [];
  let inText = false;
  parser.on('opentag', (tag) => (inText = tag.name === 'w:t'));
  parser.on('closetag', () => (inText = false));
  parser.on('text', (t) => {
    if (inText) runs.push(t);
  });
  parser.write(xml).close();
  return { text: runs.join(''), zip };
}

/** Given out of order on purpose: the forms sort by class, then group, keeping the order inside a group. */
const goods: FilingGoodsItem[] = [
  { classNo: 35, groupCode: '3502', code: '350039', name: '替他人推销' },
  { classNo: 9, groupCode: '0907', code: '090058', name: '手机' },
  { classNo: 9, groupCode: '0901', code: '090652', name: '计算机程序（可下载软件）' },
  { classNo: 35, groupCode: '3501', code: '350001', name: '广告' },
  { classNo: 9, groupCode: '0901', code: '090013', name: '计算机' },
  { classNo: 42, groupCode: '4220', code: '420214', name: '软件即服务（SaaS）' },
];
const GOODS_IN_ORDER = ['计算机程序（可下载软件）；计算机', '手机', '广告', '替他人推销', '软件即服务（SaaS）'];

const base: FilingFormInput = {
  applicant: {
    name: '杭州青禾数码科技有限公司',
    nameEn: 'Hangzhou Qinghe Digital Technology Co., Ltd.',
    creditCode: '91330106MA2KD1A23X',
    nationality: '中国',
    address: '浙江省杭州市西湖区文三路478号',
    addressEn: 'No. 478 Wensan Road, Xihu District, Hangzhou, Zhejiang',
    postcode: '310012',
    contact: '林晓',
    phone: '0571-88012345',
  },
  agent: { name: '杭州知衡商标代理有限公司', attorney: '周明', phone: '0571-86001122' },
  mark: { name: '青禾云', appNo: '68123456', regNo: '68123456', classes: [9, 35, 42] },
  signedOn: '2026-03-02',
};

const other = {
  name: '上海蓝岸贸易有限公司',
  nameEn: "Shanghai Lan'an Trading Co., Ltd.",
  address: '上海市浦东新区张杨路500号',
  creditCode: '91310115MA1H7XXXX0',
};

const inputs: Record<FilingFormKind, FilingFormInput> = {
  registration: {
    ...base,
    mark: { name: '青禾云', description: '文字商标，无特殊含义', declarations: ['threeDimensional'] },
    goods,
    priority: { basis: 'firstFiling', country: '日本', date: '2026-01-15', number: '2026-004512' },
    coApplicants: [{ name: '林晓', address: '浙江省杭州市西湖区古墩路88号' }],
  },
  renewal: { ...base, mark: { ...base.mark, shared: false } },
  transfer: { ...base, counterparty: { ...other, postcode: '200120', contact: '陈蓝', phone: '021-58001234' }, transferKind: 'transfer' },
  change: {
    ...base,
    change: { matters: ['name', 'address'], nameBefore: '杭州青禾网络科技有限公司', addressBefore: '浙江省杭州市拱墅区湖墅南路1号' },
  },
  licenseRecord: { ...base, counterparty: other, licence: { from: '2026-04-01', to: '2029-03-31' }, goods },
  objection: {
    ...base,
    counterparty: other,
    mark: { name: '青禾雲', appNo: '75001234', classes: [9] },
    publication: { issue: '1875', date: '2026-02-13' },
    request: '请求对第75001234号“青禾雲”商标不予注册。',
    legalBasis: '商标法第三十条、第三十二条',
    facts: '异议人的“青禾云”商标在先申请并使用。\n被异议商标与其构成类似商品上的近似商标。',
    evidence: ['异议人商标注册证复印件', '异议人商标使用证据'],
    goods: goods.filter((g) => g.classNo === 9),
  },
  rejectRecheck: {
    ...base,
    rejection: { dispatchNo: 'TMZC68123456BHTZ01', date: '2026-02-20' },
    request: '请求撤销驳回决定，准予申请商标在全部指定商品上初步审定。',
    legalBasis: '商标法第三十四条',
    facts: '申请商标与引证商标在呼叫、含义和整体外观上区别明显。',
    evidence: ['申请人营业执照', '申请商标的使用证据'],
    goods,
  },
  invalidation: {
    ...base,
    counterparty: other,
    mark: { name: '青禾Cloud', regNo: '55012345', classes: [9] },
    request: '请求宣告第55012345号“青禾Cloud”商标无效。',
    legalBasis: '商标法第四十四条第一款、第四十五条第一款',
    facts: '争议商标系以不正当手段抢先注册申请人在先使用并有一定影响的商标。',
    evidence: ['申请人在先使用的销售合同与发票'],
  },
  nonUseCancellation: {
    ...base,
    counterparty: other,
    mark: { name: '青禾', regNo: '12345678', classes: [9, 35] },
    goods: goods.filter((g) => g.classNo !== 42),
    facts: '经市场调查，该注册商标在2023年3月1日至2026年2月28日期间未在核定商品上使用。',
    evidence: ['市场调查报告'],
  },
};

const GOODS_LISTED: FilingFormKind[] = ['registration', 'licenseRecord', 'rejectRecheck', 'nonUseCancellation'];

describe('filingFormDocx', () => {
  it('fills exactly the forms the case-type meta-schema offers', () => {
    expect([...FILING_FORM_KINDS].sort()).toEqual([...caseTypeMeta.properties.filingForm.enum].sort());
  });

  for (const kind of FILING_FORM_KINDS) {
    it(`fills ${FILING_FORM_TITLES[kind]} with the applicant, the mark and the signature line`, async () => {
      const input = inputs[kind];
      const { text } = await documentText(await filingFormDocx(kind, input));
      expect(text.startsWith(FILING_FORM_TITLES[kind])).toBe(true);
      expect(text).toContain(input.applicant.name);
      expect(text).toContain(input.mark.name);
      expect(text).toContain('代理机构章戳');
      expect(text).toContain('2026年3月2日');
      if (input.counterparty) expect(text).toContain(input.counterparty.name);
      if (input.facts) expect(text).toContain(input.facts.split('\n')[0]);
      if (GOODS_LISTED.includes(kind)) {
        const listed = GOODS_IN_ORDER.filter((g) => input.goods!.some((item) => g.includes(item.name)));
        const positions = listed.map((g) => text.indexOf(g));
        expect(positions.every((p) => p > 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
    });
  }

  it('ticks the declarations, the priority and the co-applicants of a registration', async () => {
    const { text } = await documentText(await filingFormDocx('registration', inputs.registration));
    expect(text).toContain('☑以三维标志申请商标注册');
    expect(text).toContain('☐集体商标');
    expect(text).toContain('☑两个以上申请人共同申请注册同一商标');
    expect(text).toContain('☑基于第一次申请的优先权');
    expect(text).toContain('2026-004512');
    expect(text).toContain('其他共同申请人名称列表');
    expect(text).toContain('Hangzhou Qinghe Digital Technology Co., Ltd.');
    expect(text).toContain('91330106MA2KD1A23X');
    expect(text).toContain('（商标图样粘贴处）');
  });

  it('lists the goods of a group in one row, classes and groups ascending', async () => {
    const { text } = await documentText(await filingFormDocx('registration', inputs.registration));
    expect(text).toContain('90901计算机程序（可下载软件）；计算机');
    expect(text.indexOf('0907手机')).toBeLessThan(text.indexOf('353501广告'));
  });

  it('puts the mark image in its box', async () => {
    const png = new PNG({ width: 40, height: 20 });
    png.data.fill(200);
    const image = { data: PNG.sync.write(png), type: 'png' as const, width: 40, height: 20 };
    const { text, zip } = await documentText(await filingFormDocx('registration', { ...inputs.registration, mark: { ...inputs.registration.mark, image } }));
    expect(text).not.toContain('（商标图样粘贴处）');
    expect(Object.keys(zip.files).some((f) => f.startsWith('word/media/'))).toBe(true);
  });

  it('prints what a change changes, before and after', async () => {
    const { text } = await documentText(await filingFormDocx('change', inputs.change));
    expect(text).toContain('☑变更申请人/注册人名义');
    expect(text).toContain('☐变更集体成员名单');
    expect(text).toContain('杭州青禾网络科技有限公司');
    expect(text.indexOf('变更后')).toBeLessThan(text.indexOf('变更前'));
  });

  it('prints a transfer or a succession, the licence term, the publication and the rejection notice', async () => {
    expect((await documentText(await filingFormDocx('transfer', inputs.transfer))).text).toContain('☑转让');
    expect((await documentText(await filingFormDocx('transfer', { ...inputs.transfer, transferKind: 'succession' }))).text).toContain('☑移转');
    expect((await documentText(await filingFormDocx('licenseRecord', inputs.licenseRecord))).text).toContain('自 2026-04-01 至 2029-03-31');
    expect((await documentText(await filingFormDocx('objection', inputs.objection))).text).toContain('1875');
    expect((await documentText(await filingFormDocx('rejectRecheck', inputs.rejectRecheck))).text).toContain('TMZC68123456BHTZ01');
  });

  it('leaves the boxes blank for what the case does not say', async () => {
    const { text } = await documentText(await filingFormDocx('renewal', { applicant: { name: '王一' }, mark: { name: '一品' } }));
    expect(text).toContain('王一');
    expect(text).toContain('年    月    日');
  });

  it('names the file after the mark and the form, without slashes', () => {
    expect(filingFormFileName('transfer', '青禾 云')).toBe('青禾_云-转让_移转申请_注册商标申请书.docx');
    expect(filingFormFileName('renewal', '')).toBe('商标续展注册申请书.docx');
  });
});
