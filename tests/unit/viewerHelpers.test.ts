import { describe, expect, it } from 'vitest';
import { storagePathOf, watermarkGrid } from '../../src/runtime/blocks/pdfSource.js';
import { normaliseEditorHtml } from '../../src/runtime/components/editorHtml.js';
import { editorImageProblem } from '../../src/runtime/components/uploadEditorImage.js';

const PATH = `12/202501/${'ab'.repeat(32)}.pdf`;

describe('what the PDF previewer may open', () => {
  it('takes a storage path or our download URL, relative or on this site', () => {
    expect(storagePathOf(PATH)).toBe(PATH);
    expect(storagePathOf(`/api/file/download?path=${encodeURIComponent(PATH)}`)).toBe(PATH);
    expect(storagePathOf(`https://ipm.example.cn/api/file/download?path=${encodeURIComponent(PATH)}`, 'https://ipm.example.cn')).toBe(PATH);
  });

  it('refuses other sites, other paths and nothing', () => {
    expect(storagePathOf(`https://evil.example/api/file/download?path=${encodeURIComponent(PATH)}`, 'https://ipm.example.cn')).toBeNull();
    expect(storagePathOf('/api/file/download?path=..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect(storagePathOf('https://cdn.example/file.pdf')).toBeNull();
    expect(storagePathOf('')).toBeNull();
    expect(storagePathOf(undefined)).toBeNull();
  });

  it('covers the whole page with watermark tiles, none for an undrawn page', () => {
    expect(watermarkGrid(1000, 1300)).toEqual({ columns: 5, rows: 10 });
    expect(watermarkGrid(220, 140)).toEqual({ columns: 1, rows: 1 });
    expect(watermarkGrid(0, 0)).toEqual({ columns: 0, rows: 0 });
  });
});

describe('editor output', () => {
  it('turns Quill’s non-breaking spaces back into wrapping ones, keeping the width of runs', () => {
    expect(normaliseEditorHtml('<p>a&nbsp;b&nbsp;&nbsp;&nbsp;c</p>')).toBe('<p>a b &nbsp;&nbsp;c</p>');
    expect(normaliseEditorHtml('<p>续展提醒</p>')).toBe('<p>续展提醒</p>');
  });

  it('accepts pictures up to 30MB only', () => {
    expect(editorImageProblem('图样.PNG', 1024)).toBeNull();
    expect(editorImageProblem('图样.webp', 30 * 1024 * 1024)).toBeNull();
    expect(editorImageProblem('图样.jpg', 30 * 1024 * 1024 + 1)).toBe('上传文件大小不能超过 30MB!');
    expect(editorImageProblem('合同.pdf', 1024)).toBe('文件只能是 jpg、png、gif、webp 格式');
    expect(editorImageProblem('无扩展名', 1024)).toBe('文件只能是 jpg、png、gif、webp 格式');
  });
});
