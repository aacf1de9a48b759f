import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import type { Raster } from './logoHash.js';

/** Larger pictures are refused before decoding: a logo never needs more. */
const MAX_MEGAPIXELS = 40;

export class UnsupportedImageError extends Error {}

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** RGBA pixels of a PNG or JPEG, recognised by content; anything else throws UnsupportedImageError. */
export function decodeImage(bytes: Buffer): Raster {
  try {
    if (isPng(bytes)) {
      const png = PNG.sync.read(bytes);
      if (png.width * png.height > MAX_MEGAPIXELS * 1e6) throw new UnsupportedImageError('too large');
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
