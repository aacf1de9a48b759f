import { describe, expect, it } from 'vitest';
import { CROP_BOUNDS, CROP_QUALITY, CROP_TITLE, aspectOf, clampCrop, croppedFileName, fitWithin } from '../../src/runtime/upload/cropGeometry.js';

describe('image crop geometry', () => {
  it('scales a picture to fit 980 × 600, keeping its proportions', () => {
    expect(CROP_BOUNDS).toEqual({ width: 980, height: 600 });
    expect(CROP_QUALITY).toBe(0.8);
    expect(fitWithin({ width: 1600, height: 900 })).toEqual({ width: 980, height: 551, scale: 0.6125 });
    expect(fitWithin({ width: 1000, height: 2000 })).toEqual({ width: 300, height: 600, scale: 0.3 });
    expect(fitWithin({ width: 4900, height: 3000 })).toMatchObject({ width: 980, height: 600 });
  });

  it('leaves a picture that already fits at its own size', () => {
    expect(fitWithin({ width: 400, height: 300 })).toEqual({ width: 400, height: 300, scale: 1 });
  });

  it('never yields an empty picture, and refuses one without size', () => {
    expect(fitWithin({ width: 10000, height: 1 })).toMatchObject({ width: 980, height: 1 });
    expect(() => fitWithin({ width: 0, height: 10 })).toThrow('图片尺寸无效');
  });

  it('keeps the crop rectangle inside the picture in whole pixels', () => {
    const image = { width: 980, height: 551 };
    expect(clampCrop({ x: 10.4, y: 20.6, width: 300.5, height: 200.2 }, image)).toEqual({ x: 10, y: 21, width: 301, height: 200 });
    expect(clampCrop({ x: -5, y: -3, width: 2000, height: 2000 }, image)).toEqual({ x: 0, y: 0, width: 980, height: 551 });
    expect(clampCrop({ x: 979.9, y: 600, width: 0, height: 0 }, image)).toEqual({ x: 979, y: 550, width: 1, height: 1 });
  });

  it('offers the picture’s own proportions or a fixed one', () => {
    expect(aspectOf('original', { width: 980, height: 551 })).toBeCloseTo(980 / 551);
    expect(aspectOf('1:1', { width: 980, height: 551 })).toBe(1);
    expect(aspectOf('16:9', { width: 1, height: 1 })).toBeCloseTo(16 / 9);
  });

  it('names the cropped picture as a JPEG, and titles the dialog as the spec says', () => {
    expect(croppedFileName('商标图样.png')).toBe('商标图样.jpg');
    expect(croppedFileName('a.b.jpeg')).toBe('a.b.jpg');
    expect(croppedFileName('')).toBe('图片.jpg');
    expect(CROP_TITLE).toBe('请裁剪掉不需要的部分，以保证检索结果准确');
  });
});
