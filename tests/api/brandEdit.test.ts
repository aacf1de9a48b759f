import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { CustomField, Trademark, CustomFieldSetCustomFieldRequest } from '../../src/generated/types.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { decodeImage } from '../../src/server/trademarks/imageDecode.js';
import { differenceHash, hashForColumn } from '../../src/server/trademarks/logoHash.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { multipart } from './support/multipart.js';
import { markLogoHash, pngHeader } from './support/pictures.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TM = 1;

/** A mark as the archive list gives it (with its tags), and as its detail gives it. */
interface Snapshot {
  listed: Trademark;
  detail: Trademark;
}

describe.skipIf(skipThisDatabase)(`editing an archive mark changes only what is named (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  let corp: string;
  let mark: Trademark;
  let fields: CustomField[];

  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  const refused = (url: string, body: object, token = admin) => server.refused(url, body, token);
  const upload = async (name: string, content: Buffer, token = admin): Promise<string> => {
    const { payload, headers } = multipart(name, content);
    const res = await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } });
    return dataOf('file.upload', res).path;
  };
  const snapshot = async (id: number): Promise<Snapshot> => ({
    listed: (await ok('brandArchives.queryBrandPage', { ids: [id] })).list[0]!,
    detail: (await ok('brandArchives.queryBrandDetailList', { id })).detailVo.record,
  });
  /** The snapshot with the named fields (and the time of the change) set aside. */
  const except = (shot: Snapshot, ...names: string[]) => {
    const strip = (record: object) => Object.fromEntries(Object.entries(record).filter(([k]) => !names.includes(k) && k !== 'updatedAt'));
    return { listed: strip(shot.listed), detail: strip(shot.detail) };
  };
  const logoHash = (id: number) => markLogoHash(server.database.db, id);

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-brand-edit-'));
    server = await startTestServer({ filesDir });
    [admin, corp] = [await server.signIn('admin'), await server.signIn('corpAdmin')];
    // A mark with an image, tags, goods and dates, given custom values of several types.
    const { list } = await ok('brandArchives.queryBrandPage', { pageSize: 200 });
    mark = list.find((m) => m.tmLogoUrl && (m.minMap?.length ?? 0) > 0 && m.appDate && m.registerId !== null)!;
    expect(mark).toBeDefined();
    const create = async (fieldTitle: string, fieldType: CustomFieldSetCustomFieldRequest['fieldType'], fieldContent?: unknown) =>
      (
        await ok('customField.setCustomField', {
          type: TM,
          fieldTitle,
          fieldType,
          ...(fieldContent ? { fieldContent: JSON.stringify(fieldContent) } : {}),
        })
      ).field!;
    fields = [
      await create('内部编号', '单行文本'),
      await create('重要程度', '单选', [
        { cont: '高', color: '#FFE7BA', value: '' },
        { cont: '低', color: '#D9F7BE', value: '' },
      ]),
      await create('续展提醒日', '日期', { 日期格式: 'y/m/d' }),
    ];
    await ok('customField.setTmArchiveCustomFieldData', {
      id: mark.id,
      customValues: { [fields[0]!.id]: 'IPM-001', [fields[1]!.id]: '高', [fields[2]!.id]: '2031-05-06' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves a mark exactly as it was for a save that names no field', async () => {
    const before = await snapshot(mark.id);
    expect(before.detail.customValues).toMatchObject({ [fields[0]!.id]: 'IPM-001' });
    expect(before.detail.tmLogoUrl).toMatch(/^\/tm\/logo\?design=\d+$/);
    const saved = await ok('brandArchives.saveBrand', { id: mark.id });
    expect(saved).toEqual(before.detail);
    expect(await snapshot(mark.id)).toEqual(before);
  });

  it('changes only the fields a partial save names: image, custom values, tags, goods and dates stay', async () => {
    const before = await snapshot(mark.id);
    const saved = await ok('brandArchives.saveBrand', { id: mark.id, remark: '只改备注', agentEn: 'Huaxin IP' });
    expect(saved).toMatchObject({ remark: '只改备注', agentEn: 'Huaxin IP', tmLogoUrl: before.detail.tmLogoUrl });
    const after = await snapshot(mark.id);
    expect(after.detail).toMatchObject({ remark: '只改备注', agentEn: 'Huaxin IP' });
    expect(except(after, 'remark', 'agentEn')).toEqual(except(before, 'remark', 'agentEn'));

    // A date and the class, likewise: nothing else moves.
    await ok('brandArchives.saveBrand', { id: mark.id, prelimDate: null });
    const third = await snapshot(mark.id);
    expect(third.detail.prelimDate).toBeNull();
    expect(except(third, 'prelimDate')).toEqual(except(after, 'prelimDate'));
  });

  it('keeps everything but the named fields when several marks are changed together', async () => {
    const other = (await ok('brandArchives.queryBrandPage', { pageSize: 5 })).list.find((m) => m.id !== mark.id)!;
    const before = await snapshot(mark.id);
    await ok('brandArchives.batchUpdateBrands', { ids: [mark.id, other.id], fields: [{ field: 'agent', value: '星辰代理' }] });
    const after = await snapshot(mark.id);
    expect(after.detail.agent).toBe('星辰代理');
    expect(except(after, 'agent')).toEqual(except(before, 'agent'));
  });

  it('keeps the other custom values when one is saved in place', async () => {
    const before = await snapshot(mark.id);
    await ok('customField.setTmArchiveCustomFieldData', { id: mark.id, customValues: { [fields[1]!.id]: '低' } });
    const after = await snapshot(mark.id);
    expect(after.detail.customValues).toEqual({ ...before.detail.customValues, [fields[1]!.id]: '低' });
    expect(except(after, 'customValues')).toEqual(except(before, 'customValues'));
  });

  it('replaces the image with an uploaded picture and its hash, and removes it only when asked', async () => {
    const picture = logoPng(7);
    const path = await upload('新图样.png', picture);
    const before = await snapshot(mark.id);
    const replaced = await ok('brandArchives.saveBrand', { id: mark.id, logoPath: path });
    expect(replaced.tmLogoUrl).toBe(`/api/file/download?path=${encodeURIComponent(path)}`);
    expect(await logoHash(mark.id)).toBe(hashForColumn(differenceHash(decodeImage(picture))));
    const after = await snapshot(mark.id);
    expect(except(after, 'tmLogoUrl')).toEqual(except(before, 'tmLogoUrl'));

    // Another edit keeps the new picture; the same path again changes nothing.
    await ok('brandArchives.saveBrand', { id: mark.id, remark: '换了图样' });
    expect((await snapshot(mark.id)).detail.tmLogoUrl).toBe(replaced.tmLogoUrl);
    const unchanged = await snapshot(mark.id);
    await ok('brandArchives.saveBrand', { id: mark.id, logoPath: path });
    expect(await snapshot(mark.id)).toEqual(unchanged);

    const removed = await ok('brandArchives.saveBrand', { id: mark.id, logoPath: null });
    expect(removed.tmLogoUrl).toBeNull();
    expect(await logoHash(mark.id)).toBeNull();
    expect(removed.customValues).toEqual(unchanged.detail.customValues);
  });

  it('refuses an image that is not a picture of the organisation, changing nothing', async () => {
    const before = await snapshot(mark.id);
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, remark: '不应保存', logoPath: '1/202601/nope.png' })).toBe('商标图样不存在，请重新上传');
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, logoPath: await upload('证书.pdf', PDF) })).toContain('无法识别的图片');
    // Another organisation's upload is not found from here.
    const foreign = await upload('星辰.png', logoPng(9), corp);
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, logoPath: foreign })).toBe('商标图样不存在，请重新上传');
    expect(await snapshot(mark.id)).toEqual(before);
    // A new mark by hand takes an uploaded picture the same way.
    const added = await ok('brandArchives.addBrand', {
      appNo: 'LOGO-0001',
      tmName: '带图',
      tmCl: 9,
      logoPath: await upload('带图.png', logoPng(3)),
    });
    expect(added.tmLogoUrl).toMatch(/^\/api\/file\/download\?path=/);
    expect(await logoHash(added.id)).toBe(hashForColumn(differenceHash(decodeImage(logoPng(3)))));
    expect(await refused('/brandArchives/addBrand', { appNo: 'LOGO-0002', tmCl: 9, logoPath: foreign })).toBe('商标图样不存在，请重新上传');
  });

  it('takes a logo’s hash as worked out on upload, refusing a picture never examined or of too many pixels', async () => {
    const picture = logoPng(11);
    const path = await upload('上传时检查.png', picture);
    const decoded = decodeImage(picture);
    const examined = () =>
      server.database.db
        .selectFrom('files')
        .select(['image_status', sql<string | null>`image_hash::text`.as('hash'), 'image_width', 'image_height'])
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
    const stored = await examined();
    expect(stored).toEqual({ image_status: 'hashed', hash: hashForColumn(differenceHash(decoded)), image_width: decoded.width, image_height: decoded.height });
    // The picture is not decoded again when a mark takes it: its file on disk is not even read.
    writeFileSync(join(filesDir, path), PDF);
    const added = await ok('brandArchives.addBrand', { appNo: 'LOGO-0003', tmCl: 9, logoPath: path });
    expect(await logoHash(added.id)).toBe(stored.hash);

    // Uploaded before pictures were examined on upload: refused, then taken once the same picture is uploaded again.
    const before = logoPng(12);
    const old = await upload('升级前.png', before);
    await sql`update files set image_status = null, image_hash = null, image_width = null, image_height = null where path = ${old}`.execute(server.database.db);
    expect(await refused('/brandArchives/saveBrand', { id: added.id, logoPath: old })).toBe('这张图片上传于系统升级之前，尚未检查，请重新上传');
    expect(await upload('升级前.png', before)).toBe(old);
    await ok('brandArchives.saveBrand', { id: added.id, logoPath: old });
    expect(await logoHash(added.id)).toBe(hashForColumn(differenceHash(decodeImage(before))));

    // A picture whose header claims 12,000 × 12,000 pixels is kept as a file, but is no logo.
    const huge = await upload('巨图.png', pngHeader(12_000, 12_000));
    expect(await refused('/brandArchives/saveBrand', { id: added.id, logoPath: huge })).toBe('图片像素过多（12000×12000）：商标图样请不超过 16 百万像素');
    expect(await logoHash(added.id)).toBe(hashForColumn(differenceHash(decodeImage(before))));
  });
});
