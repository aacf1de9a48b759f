import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { dataOf, dbKind, sharedTestServer, skipThisDatabase } from './support/testServer.js';
import { EXE, multipart } from './support/multipart.js';
import { LetterPrinter } from '../letters/printLetter.js';
import { acceptanceLetter, refusalLetter, type LetterFixture } from '../letters/cnipaLetters.js';
import type { OfficialRecognition } from '../../src/generated/types.js';

/** A white 64×64 picture: nothing written on it. */
const PNG_BLANK = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000040000000400802000000250be6890000005e49444154789cedcf310d00300cc0b0f227bd82d861558a1124f38e1b1df0ab01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad01ad016d01ca53d2c2eff08fd40000000049454e44ae426082',
  'hex',
);

describe.skipIf(skipThisDatabase)(`upload and recognise official letters (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);
  const printer = new LetterPrinter();
  const printed = new Map<string, Buffer>();
  let orgId = 0;

  beforeAll(async () => {
    orgId = (await shared.server.database.db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
  }, 60_000);
  afterAll(() => printer.close());

  const pdfOf = async (letter: LetterFixture) => {
    const key = `${letter.type}:${letter.appNo}:${letter.dispatchNo}`;
    if (!printed.has(key)) printed.set(key, await printer.pdf(letter));
    return printed.get(key)!;
  };
  const upload = (url: string, name: string, content: Buffer, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipart(name, content, fields);
    return shared.server.app.inject({ method: 'POST', url, payload, headers: { ...headers, token: shared.tokens.admin } });
  };
  const distinguish = (name: string, content: Buffer, fields: Record<string, string> = {}) => upload('/api/officialDistinguish', name, content, fields);
  const refusedWith = async (reply: Awaited<ReturnType<typeof distinguish>>) => {
    expect(reply.statusCode, reply.body).toBe(422);
    return reply.json().subMessage as string;
  };
  const addMark = async (appNo: string, status: string) =>
    (
      await shared.server.database.db
        .insertInto('brand_archives')
        .values({
          org_id: orgId,
          app_no: appNo,
          int_cls: 35,
          tm_name: '蓝鲸优选',
          tm_status: status,
          custom_values: '{}',
          goods: '[]',
          goods_en: '[]',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('reads a text PDF as CNIPA prints it: type, numbers, dates, names, the mark and the status it moves to', async () => {
    const letter = refusalLetter('71230001', 'TMZC71230001BHTZ01');
    const markId = await addMark('71230001', '申请中');
    const reply = dataOf('officialRecognition.distinguish', await distinguish('驳回通知书.pdf', await pdfOf(letter)));
    expect(reply).toMatchObject({
      state: '1',
      type: '驳回通知书',
      brandNo: '71230001',
      dispatchNo: 'TMZC71230001BHTZ01',
      sendDate: '2025-03-14',
      markName: '蓝鲸优选',
      applicant: '杭州蓝鲸科技有限公司',
      fileName: '驳回通知书.pdf',
      noInfo: false,
      brandId: markId,
      markStatus: '已驳回',
      country: '',
    });
    expect(reply.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reply.url).toContain('/api/file/download');
    expect(reply.reviewResults).toEqual([{ brandId: markId, brandName: '蓝鲸优选', appNo: '71230001', fromStatus: '申请中', toStatus: '已驳回' }]);
  });

  it('answers state "0" for a file already recorded as a letter (官文已存在)', async () => {
    const pdf = await pdfOf(acceptanceLetter('72000009', 'TMZC72000009ZCSL01'));
    const first = dataOf('officialRecognition.distinguish', await distinguish('受理通知书.pdf', pdf));
    expect(first.state).toBe('1');
    await shared.server.database.db
      .insertInto('official_documents')
      .values({ org_id: orgId, document_type: '受理通知书', app_no: '72000009', receive_date: '2024-11-02', file_hash: first.hash } as never)
      .execute();
    const again = dataOf('officialRecognition.distinguish', await distinguish('受理通知书（副本）.pdf', pdf));
    expect(again).toMatchObject({ state: '0', message: '官文已存在', hash: first.hash });
  });

  it('refuses a file of another type renamed .pdf, a corrupt and an encrypted PDF, and types not taken for letters', async () => {
    expect(await refusedWith(await distinguish('驳回通知书.pdf', EXE))).toContain('文件内容与扩展名 .pdf 不符');
    expect(await refusedWith(await distinguish('驳回通知书.pdf', PNG_BLANK))).toContain('实际为 png');
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400, 0x41)]);
    expect(await refusedWith(await distinguish('损坏.pdf', broken))).toBe('PDF 文件已损坏或不完整，无法读取，请重新上传');
    const encrypted = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n3 0 obj<</Filter/Standard/V 1/R 2/O(0123456789abcdef0123456789abcdef)/U(0123456789abcdef0123456789abcdef)/P -4>>endobj\ntrailer<</Root 1 0 R/Encrypt 3 0 R/ID[<00112233445566778899aabbccddeeff><00112233445566778899aabbccddeeff>]/Size 4>>\n%%EOF\n',
    );
    expect(await refusedWith(await distinguish('加密.pdf', encrypted))).toBe('PDF 文件已加密，无法读取，请上传未加密的官文');
    expect(await refusedWith(await distinguish('官文.zip', Buffer.from('PK\x03\x04')))).toBe('请上传pdf、jpg、jpeg、png、doc、docx格式的文件');
    expect(await refusedWith(await distinguish('官文.txt', Buffer.from('驳回通知书')))).toBe('请上传pdf、jpg、jpeg、png、doc、docx格式的文件');
  });

  it('reads an overseas letter by its file name, Madrid when the country is left out', async () => {
    const pdf = await pdfOf(refusalLetter('71230002', 'TMZC71230002BHTZ01'));
    expect(dataOf('officialRecognition.distinguish', await distinguish('驳回通知书_G1234567.pdf', pdf, { overseas: '1' }))).toMatchObject({
      state: '1',
      type: '驳回通知书',
      brandNo: 'G1234567',
      country: '马德里',
    });
    expect(await refusedWith(await distinguish('refusal_123.pdf', pdf, { overseas: '1' }))).toContain('境外官文文件名应为');
  });

  it('reads a zip of letters, each recognised; a photo waits for the OCR', async () => {
    const zip = new JSZip();
    zip.file('官文/驳回通知书.pdf', await pdfOf(refusalLetter('71230003', 'TMZC71230003BHTZ01')));
    zip.file('官文/受理通知书.pdf', await pdfOf(acceptanceLetter('72000003', 'TMZC72000003ZCSL01')));
    zip.file('说明.txt', '这不是官文');
    zip.file('__MACOSX/._驳回通知书.pdf', 'x');
    const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const reply = dataOf('officialRecognition.decompress', await upload('/brandDetai/officialDecompression', '官文.zip', content));
    expect(reply.count).toBe(3);
    const byName = new Map(reply.list.map((r: OfficialRecognition) => [r.fileName, r]));
    expect(byName.get('驳回通知书.pdf')).toMatchObject({ state: '1', type: '驳回通知书', brandNo: '71230003', dispatchNo: 'TMZC71230003BHTZ01' });
    expect(byName.get('受理通知书.pdf')).toMatchObject({ state: '1', type: '受理通知书', brandNo: '72000003', sendDate: '2024-11-02' });
    expect(byName.get('说明.txt')).toMatchObject({ state: '3', message: '请上传pdf、jpg、jpeg、png、doc、docx格式的文件', fileId: 0 });
  });

  const zipRefusal = async (build: (zip: JSZip) => void) => {
    const zip = new JSZip();
    build(zip);
    const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const reply = await upload('/brandDetai/officialDecompression', '官文.zip', content);
    expect(reply.statusCode, reply.body).toBe(422);
    return reply.json().subMessage as string;
  };

  it('keeps none of a zip refused partway: the letters stored before the broken entry are removed from the store', async () => {
    const first = Buffer.from(`%PDF-1.4 unique letter ${Date.now()}`);
    const zip = new JSZip();
    zip.file('官文/一.pdf', first);
    zip.file('官文/二.pdf', Buffer.from('%PDF-1.4 '.repeat(2000)));
    const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // The second entry's deflate stream starts with a reserved block type: it cannot be unpacked.
    const second = content.indexOf(Buffer.from('官文/二.pdf')) - 30;
    const nameLength = content.readUInt16LE(second + 26);
    const extraLength = content.readUInt16LE(second + 28);
    content[second + 30 + nameLength + extraLength] = 0xff;
    const reply = await upload('/brandDetai/officialDecompression', '官文.zip', content);
    expect(reply.statusCode, reply.body).toBe(422);
    expect(reply.json().subMessage).toBe('压缩包中的文件“官文/二.pdf”无法解压，压缩包可能已损坏');
    const sha = createHash('sha256').update(first).digest('hex');
    const stored = await readdir(join(shared.server.services.files.localDir, String(orgId)), { recursive: true }).catch(() => [] as string[]);
    expect(stored.filter((f) => String(f).includes(sha))).toEqual([]);
  });

  it('refuses a zip bomb, a path that escapes, a zip inside, too many files and a zip that is not one', async () => {
    const filesBefore = await shared.server.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await zipRefusal((z) => z.file('炸弹.pdf', Buffer.alloc(20 * 1024 * 1024, 0)))).toContain('疑似压缩炸弹');
    expect(await zipRefusal((z) => z.file('../x.pdf', 'x'))).toContain('不安全');
    expect(await zipRefusal((z) => z.file('a/../../x.pdf', 'x'))).toContain('不安全');
    expect(await zipRefusal((z) => z.file('内层.zip', 'x'))).toContain('不能再包含压缩包');
    expect(await zipRefusal((z) => Array.from({ length: 201 }, (_, i) => z.file(`${i}.pdf`, 'x')))).toBe('压缩包中的文件不能超过 200 个');
    expect(await zipRefusal(() => undefined)).toBe('压缩包中没有官文文件');
    const notZip = await upload('/brandDetai/officialDecompression', '官文.zip', Buffer.from('%PDF-1.4 not a zip'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().subMessage).toContain('不符');
    const filesAfter = await shared.server.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(filesAfter.n)).toBe(Number(filesBefore.n));
  });

  it('reads a scanned letter by OCR in the background, answering other calls meanwhile', async () => {
    const scan = await printer.scan(refusalLetter('71230004', 'TMZC71230004BHTZ01'));
    const started = dataOf('officialRecognition.distinguish', await distinguish('扫描件.png', scan));
    expect(started.state).toBe('2');
    expect(started.taskId).toMatch(/^[0-9a-f-]{36}$/);
    let reply: OfficialRecognition = started;
    let answeredMeanwhile = 0;
    const deadline = Date.now() + 120_000;
    while (reply.state === '2' && Date.now() < deadline) {
      const t = Date.now();
      const other = await shared.server.send('home.getMessageList', {}, shared.tokens.admin);
      if (other.statusCode === 200 && Date.now() - t < 1000) answeredMeanwhile += 1;
      await new Promise((r) => setTimeout(r, 300));
      reply = dataOf('officialRecognition.progress', await shared.server.send('officialRecognition.progress', { taskId: started.taskId }, shared.tokens.admin));
    }
    expect(reply).toMatchObject({ state: '1', type: '驳回通知书', brandNo: '71230004', sendDate: '2025-03-14', markName: '蓝鲸优选' });
    expect(reply.dispatchNo).toBe('TMZC71230004BHTZ01');
    expect(answeredMeanwhile).toBeGreaterThan(0);
  }, 180_000);

  it('reads a scanned PDF, a page with no text layer, by OCR', async () => {
    const pdf = await printer.scannedPdf(acceptanceLetter('72000009', 'TMZC72000009ZCSL01'));
    const started = dataOf('officialRecognition.distinguish', await distinguish('扫描的受理通知书.pdf', pdf));
    expect(started.state).toBe('2');
    let reply: OfficialRecognition = started;
    const deadline = Date.now() + 120_000;
    while (reply.state === '2' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      reply = dataOf('officialRecognition.progress', await shared.server.send('officialRecognition.progress', { taskId: started.taskId }, shared.tokens.admin));
    }
    expect(reply).toMatchObject({ state: '1', type: '受理通知书', brandNo: '72000009', sendDate: '2024-11-02' });
  }, 180_000);

  it('reports a picture with no writing', async () => {
    const started = dataOf('officialRecognition.distinguish', await distinguish('空白.png', PNG_BLANK));
    let reply: OfficialRecognition = started;
    const deadline = Date.now() + 60_000;
    while (reply.state === '2' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      reply = dataOf('officialRecognition.progress', await shared.server.send('officialRecognition.progress', { taskId: started.taskId }, shared.tokens.admin));
    }
    expect(reply).toMatchObject({ state: '3', message: '图片中没有识别到文字，请上传清晰的官文扫描件或照片', noInfo: true });
  }, 90_000);

  it('saves the reviewed letters together, moves the mark, and saves nothing when one of them cannot be', async () => {
    const db = shared.server.database.db;
    const markId = await addMark('71230005', '申请中');
    const refusal = dataOf(
      'officialRecognition.distinguish',
      await distinguish('驳回通知书5.pdf', await pdfOf(refusalLetter('71230005', 'TMZC71230005BHTZ01'))),
    );
    const acceptance = dataOf(
      'officialRecognition.distinguish',
      await distinguish('受理通知书5.pdf', await pdfOf(acceptanceLetter('72000005', 'TMZC72000005ZCSL01'))),
    );
    const item = (r: OfficialRecognition, documentType = r.type) => ({
      fileId: r.fileId,
      documentType,
      appNo: r.brandNo,
      receiveDate: '2025-03-20',
      sendDate: r.sendDate,
      dispatchNo: r.dispatchNo,
      applyStatus: r.reviewResults.length > 0,
    });
    const lettersOf = () =>
      db.selectFrom('official_documents').select(['id', 'dispatch_no']).where('dispatch_no', 'in', ['TMZC71230005BHTZ01', 'TMZC72000005ZCSL01']).execute();

    // The second letter names a file of no one: neither is stored.
    const refused = await shared.server.send(
      'officialRecognition.save',
      { items: [item(refusal), { ...item(acceptance), fileId: 999_999 }] },
      shared.tokens.admin,
    );
    expect(refused.statusCode).toBe(404);
    expect(await lettersOf()).toEqual([]);

    const saved = dataOf(
      'officialRecognition.save',
      await shared.server.send('officialRecognition.save', { items: [item(refusal), item(acceptance)] }, shared.tokens.admin),
    );
    expect(saved.ids).toHaveLength(2);
    const rows = await db.selectFrom('official_documents').selectAll().where('id', 'in', saved.ids).orderBy('id').execute();
    expect(
      rows.map((r) => [r.document_type, r.app_no, r.dispatch_no, r.send_date && String(r.send_date).slice(0, 10), r.brand_archive_id, r.file_hash]),
    ).toEqual([
      ['驳回通知书', '71230005', 'TMZC71230005BHTZ01', '2025-03-14', markId, refusal.hash],
      ['受理通知书', '72000005', 'TMZC72000005ZCSL01', '2024-11-02', null, acceptance.hash],
    ]);
    expect((await db.selectFrom('brand_archives').select('tm_status').where('id', '=', markId).executeTakeFirstOrThrow()).tm_status).toBe('已驳回');

    // The same file again is the same letter.
    const again = await shared.server.send('officialRecognition.save', { items: [item(refusal)] }, shared.tokens.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().subMessage).toMatch(/^“驳回通知书5\.pdf”：官文已存在/);
    expect(
      dataOf('officialRecognition.distinguish', await distinguish('驳回通知书5.pdf', await pdfOf(refusalLetter('71230005', 'TMZC71230005BHTZ01')))).state,
    ).toBe('0');
  });

  it('answers 404 for a task of no one', async () => {
    const reply = await shared.server.send('officialRecognition.progress', { taskId: '00000000-0000-4000-8000-000000000000' }, shared.tokens.admin);
    expect(reply.statusCode).toBe(404);
  });
});
