import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import type { Raster } from './logoHash.js';

/** Larger pictures are refused from their header, before decoding: a logo never needs more, and decoding more holds the server. */
export const MAX_MEGAPIXELS = 16;

export class UnsupportedImageError extends Error {}

/** Thrown for a picture whose header says it has more pixels than a logo may. */
export class ImageTooLargeError extends UnsupportedImageError {}

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Width and height from a PNG's IHDR chunk, the first after the signature. */
function pngSize(b: Buffer): { width: number; height: number } | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Width and height from a JPEG's first start-of-frame segment. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    // SOF0–SOF15 but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The picture's size as its header gives it; null when the header cannot be read. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (isPng(bytes)) return pngSize(bytes);
  if (isJpeg(bytes)) return jpegSize(bytes);
  return null;
}

/** RGBA pixels of a PNG or JPEG, recognised by content; anything else throws UnsupportedImageError, one too large ImageTooLargeError before any decoding. */
export function decodeImage(bytes: Buffer): Raster {
  const size = imageSize(bytes);
  if (!size) throw new UnsupportedImageError('not png or jpeg');
  if (size.width * size.height > MAX_MEGAPIXELS * 1e6) throw new ImageTooLargeError(`${size.width}×${size.height}`);
  try {
    if (isPng(bytes)) {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (isJpeg(bytes)) {
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 512 });
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch (err) {
    throw new UnsupportedImageError(err instanceof Error ? err.message : String(err));
  }
  throw new UnsupportedImageError('not png or jpeg');
}

/** A raster as PNG bytes. */
export function encodePng(image: Raster): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}
