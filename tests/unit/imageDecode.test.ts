import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { decodeImage, ImageTooLargeError, imageSize, UnsupportedImageError } from '../../src/server/trademarks/imageDecode.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { pngHeader } from '../api/support/pictures.js';

/** A small real JPEG, its frame header then made to claim another size. */
function jpegClaiming(width: number, height: number): Buffer {
  const small = Buffer.from(jpeg.encode({ width: 4, height: 3, data: Buffer.alloc(4 * 3 * 4, 200) }, 80).data);
  const sof = small.findIndex((byte, i) => byte === 0xff && small[i + 1] === 0xc0);
  const out = Buffer.from(small);
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

describe('reading a picture', () => {
  it('reads the size of a PNG and a JPEG from their headers', () => {
    const png = logoPng(3);
    const decoded = decodeImage(png);
    expect(imageSize(png)).toEqual({ width: decoded.width, height: decoded.height });
    const small = Buffer.from(jpeg.encode({ width: 5, height: 7, data: Buffer.alloc(5 * 7 * 4, 100) }, 80).data);
    expect(imageSize(small)).toEqual({ width: 5, height: 7 });
    expect(decodeImage(small)).toMatchObject({ width: 5, height: 7 });
  });

  it('refuses a picture whose header claims too many pixels, before decoding it', () => {
    // 12,000 × 12,000: the header alone, the rest garbage a decoder would fail on only after allocating.
    expect(() => decodeImage(pngHeader(12_000, 12_000))).toThrow(ImageTooLargeError);
    expect(() => decodeImage(jpegClaiming(12_000, 12_000))).toThrow(ImageTooLargeError);
  });

  it('refuses what is not a PNG or JPEG, or has no readable header', () => {
    expect(() => decodeImage(Buffer.from('%PDF-1.4 not a picture'))).toThrow(UnsupportedImageError);
    expect(() => decodeImage(Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'))).toThrow(UnsupportedImageError);
    expect(() => decodeImage(pngHeader(100, 100))).toThrow(UnsupportedImageError);
  });
});
