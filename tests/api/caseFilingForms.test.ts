import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, sharedTestServer, skipThisDatabase } from './support/testServer.js';

/** The text runs of a .docx's main part, in reading order. */
async function documentText(docx: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

/** A case's filled CNIPA form (issue 35 §5): downloaded as .docx, read back; refused for a type without a form. */
describe.skipIf(skipThisDatabase)(`case filing forms (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  it('fills the registration form of a three-class case: applicant, mark, image, goods by class and group, priority', async () => {
    const { server, tokens } = shared;
    const { payload, headers } = multipart('图样.png', logoPng(7), { purpose: 'general' });
    const image = dataOf(
      'file.upload',
      await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: tokens.admin } }),
    );
    const saved = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'domesticRegistration',
        bizParam: {
          tmName: '青禾云',
          priorityRadio: 'yes',
          dplPriorityTm: JSON.stringify([{ priorityType: 'filing', priorityCountry: 'US', priorityDate: '2026-01-05', priorityNo: 'US-97123456' }]),
          coOwnerInfo: JSON.stringify([{ name: '杭州青禾科技有限公司', address: '浙江省杭州市滨江区江南大道 1 号' }]),
          form: {
            applicantName: '杭州青禾食品有限公司',
            applicantAddress: '浙江省杭州市西湖区文三路 90 号',
            applicantCreditCode: '91330106MA2B3C4D5E',
            postCode: '310012',
            applicantNameEn: 'Hangzhou Qinghe Foods Co., Ltd.',
            tmName: '青禾云',
            markImage: image.path,
            agentName: '北京知联商标代理有限公司',
            agentPerson: '李代理',
            parentCgInfo: [
              {
                tmCl: 35,
                goods: [
                  { name: '替他人推销', groupNum: '3503', cgNum: '350039' },
                  { name: '广告', groupNum: '3501', cgNum: '350001' },
                ],
              },
              {
                tmCl: 9,
                goods: [
                  { name: '手机', groupNum: '0907', cgNum: '090015' },
                  { name: '平板电脑', groupNum: '0901', cgNum: '090002' },
                  { name: '计算机', groupNum: '0901', cgNum: '090001' },
                ],
              },
              { tmCl: 25, goods: [{ name: '服装', groupNum: '2501', cgNum: '250001' }] },
            ],
          },
        },
      },
      tokens.admin,
    );
    const res = await server.send('caseManage.filingForm', { caseNo: saved.caseNo }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('青禾云-商标注册申请书.docx');
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).some((name) => name.startsWith('word/media/'))).toBe(true);
    const text = await documentText(res.rawPayload);
    expect(text).toContain('商标注册申请书');
    for (const part of [
      '杭州青禾食品有限公司',
      '浙江省杭州市西湖区文三路 90 号',
      '91330106MA2B3C4D5E',
      'Hangzhou Qinghe Foods Co., Ltd.',
      '北京知联商标代理有限公司',
      'US-97123456',
      '2026-01-05',
      '杭州青禾科技有限公司',
    ])
      expect(text).toContain(part);
    expect(text).toContain('青禾云');
    // Class 9 before 25 before 35; within a class by group, within a group by item number.
    const order = ['计算机', '平板电脑', '手机', '服装', '广告', '替他人推销'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('fills a transfer with both sides and refuses a type that has no CNIPA form', async () => {
    const { server, tokens } = shared;
    const transfer = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'transfer',
        bizParam: {
          tmName: '转让鸟',
          intCls: [30],
          form: {
            applicantName: '转让人有限公司',
            transfereeName: '受让人股份有限公司',
            transfereeAddress: '上海市浦东新区世纪大道 100 号',
            regNo: '63000001',
          },
        },
      },
      tokens.admin,
    );
    const res = await server.send('caseManage.filingForm', { caseNo: transfer.caseNo }, tokens.admin);
    expect(res.statusCode).toBe(200);
    const text = await documentText(res.rawPayload);
    for (const part of ['转让/移转申请/注册商标申请书', '转让人有限公司', '受让人股份有限公司', '上海市浦东新区世纪大道 100 号', '63000001', '转让鸟', '30'])
      expect(text).toContain(part);

    const defence = await server.call('caseManage.saveCase', { caseType: 'objectionDefence', bizParam: { tmName: '答辩' } }, tokens.admin);
    const refused = await server.send('caseManage.filingForm', { caseNo: defence.caseNo }, tokens.admin);
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { subMessage: string }).subMessage).toContain('没有国家知识产权局的申请书式样');
  });
});
