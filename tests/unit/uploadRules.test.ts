import { describe, expect, it } from 'vitest';
import {
  countRefusal,
  fileRefusal,
  limitMbOf,
  usesChunkedPath,
  generalTypeMessage,
  acceptAttribute,
  type UploadRules,
} from '../../src/runtime/upload/uploadRules.js';
import { cellSlice, fileIconKind, isImageFile, pathOfUrl, withStoredFile } from '../../src/runtime/upload/fileKinds.js';
import { isUploadPurpose, tooLargeMessage } from '../../src/shared/uploadPurposes.js';

const MB = 1024 * 1024;
const general: UploadRules = { purpose: 'general', maxCount: 10 };
const official: UploadRules = { purpose: 'officialDocument', maxCount: 10 };

describe('upload rules', () => {
  it('speaks the spec’s size messages: 30 MB general, 100 MB official documents', () => {
    expect(fileRefusal({ name: 'a.pdf', size: 30 * MB }, general)).toBeNull();
    expect(fileRefusal({ name: 'a.pdf', size: 30 * MB + 1 }, general)).toBe('上传文件大小不能超过 30MB!');
    expect(fileRefusal({ name: 'a.pdf', size: 100 * MB }, official)).toBeNull();
    expect(fileRefusal({ name: 'a.pdf', size: 100 * MB + 1 }, official)).toBe('上传文件大小不能超过100MB');
    expect(tooLargeMessage('general', 10)).toBe('上传文件大小不能超过 10MB!');
  });

  it('lets a limit only go down, never above the purpose’s own', () => {
    expect(limitMbOf({ ...general, limitMb: 10 })).toBe(10);
    expect(limitMbOf({ ...general, limitMb: 100 })).toBe(30);
    expect(fileRefusal({ name: 'a.pdf', size: 11 * MB }, { ...general, limitMb: 10 })).toBe('上传文件大小不能超过 10MB!');
  });

  it('refuses types by name in the two styles of the spec, jpeg shown as jpg', () => {
    expect(fileRefusal({ name: '通知.zip', size: 1 }, official)).toBe('请上传pdf、jpg、jpeg、png、doc、docx格式的文件');
    expect(fileRefusal({ name: 'logo.gif', size: 1 }, { ...general, accept: ['jpg', 'jpeg', 'png'] })).toBe('文件只能是 jpg、png 格式');
    expect(fileRefusal({ name: 'LOGO.JPEG', size: 1 }, { ...general, accept: ['jpg', 'jpeg', 'png'] })).toBeNull();
    expect(fileRefusal({ name: 'setup.exe', size: 1 }, general)).toMatch(/^文件只能是 pdf、jpg、png、gif/);
    expect(generalTypeMessage(['jpeg', 'jpg', 'png'])).toBe('文件只能是 jpg、png 格式');
    expect(acceptAttribute(official)).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx');
  });

  it('counts: at most n files, while a single-file uploader replaces', () => {
    expect(countRefusal(general, 9)).toBeNull();
    expect(countRefusal(general, 10)).toBe('最多只能上传 10 个文件');
    expect(countRefusal({ ...general, maxCount: 3 }, 3)).toBe('最多只能上传 3 个文件');
    expect(countRefusal({ ...general, maxCount: 1 }, 1)).toBeNull();
  });

  it('sends files of 50 MB and more in chunks, where the limit allows them', () => {
    expect(usesChunkedPath(50 * MB - 1, official)).toBe(false);
    expect(usesChunkedPath(50 * MB, official)).toBe(true);
    expect(usesChunkedPath(50 * MB, { ...official, limitMb: 40 })).toBe(false);
    expect(usesChunkedPath(60 * MB, general)).toBe(false);
  });

  it('knows the purposes it may name', () => {
    expect(isUploadPurpose('officialDocument')).toBe(true);
    expect(isUploadPurpose('toString')).toBe(false);
    expect(isUploadPurpose(undefined)).toBe(false);
  });
});

describe('file kinds', () => {
  it('shows pictures themselves and other files by a type icon', () => {
    expect(isImageFile('商标.PNG')).toBe(true);
    expect(isImageFile('jpeg')).toBe(true);
    expect(isImageFile('说明.pdf')).toBe(false);
    expect(['a.pdf', 'b.docx', 'c.rar', 'd.xlsx', 'e.txt', 'f.pptx', 'zip'].map(fileIconKind)).toEqual(['pdf', 'doc', 'zip', 'xlsx', 'txt', 'other', 'zip']);
  });

  it('a table cell shows 3 and counts the rest', () => {
    expect(cellSlice([1, 2, 3, 4, 5])).toEqual({ visible: [1, 2, 3], more: 2 });
    expect(cellSlice([1, 2])).toEqual({ visible: [1, 2], more: 0 });
  });

  it('reads the stored path back from a download address', () => {
    expect(pathOfUrl('/api/file/download?path=1%2F202501%2Fab.png')).toBe('1/202501/ab.png');
    expect(pathOfUrl('https://cdn.example/x.png')).toBeNull();
  });

  it('adds a stored file, replacing in a single-file uploader and keeping repeated uploads apart', () => {
    const a = { uid: '7', name: 'a.pdf' };
    expect(withStoredFile([a], { uid: '8', name: 'b.pdf' }, 1)).toEqual([{ uid: '8', name: 'b.pdf' }]);
    const twice = withStoredFile(withStoredFile([a], { uid: '7', name: '副本.pdf' }, 10), { uid: '7', name: '再一份.pdf' }, 10);
    expect(twice.map((f) => f.uid)).toEqual(['7', '7-2', '7-3']);
    expect(twice[2].name).toBe('再一份.pdf');
  });
});
