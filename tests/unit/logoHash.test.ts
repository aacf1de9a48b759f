import { describe, expect, it } from 'vitest';
import { differenceHash, hammingDistance, hashForColumn, hashFromColumn, type Raster } from '../../src/server/trademarks/logoHash.js';
import { LOGO_DESIGNS, logoDesignOf, logoHashOfDesign, logoPng, renderLogo } from '../../src/server/trademarks/generatedLogo.js';
import { decodeImage, encodePng } from '../../src/server/trademarks/imageDecode.js';
import jpeg from 'jpeg-js';
import { logoUrl } from '../../src/server/trademarks/trademarkRecord.js';
import { designOfPath, generatedLogoPath } from '../../src/server/trademarks/generatedLogo.js';

/** The same picture drawn `factor` times larger, pixel by pixel. */
function enlarge(image: Raster, factor: number): Raster {
  const width = image.width * factor;
  const height = image.height * factor;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / factor) * image.width + Math.floor(x / factor)) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('logo difference hash', () => {
  it('gives the same hash for the same picture, at any size and through PNG', () => {
    const logo = renderLogo(123);
    const hash = differenceHash(logo);
    expect(differenceHash(renderLogo(123))).toBe(hash);
    expect(differenceHash(enlarge(logo, 3))).toBe(hash);
    expect(differenceHash(decodeImage(logoPng(123)))).toBe(hash);
    expect(hashFromColumn(logoHashOfDesign(123))).toBe(hash);
  });

  it('moves a few bits for a small change and about half for another design', () => {
    const logo = renderLogo(77);
    const changed = { ...logo, data: Uint8Array.from(logo.data) };
    // A 6×6 smudge in a corner and slight brightening everywhere.
    for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) changed.data.fill(40, (y * logo.width + x) * 4, (y * logo.width + x) * 4 + 3);
    for (let i = 0; i < changed.data.length; i++) if (i % 4 !== 3) changed.data[i] = Math.min(255, changed.data[i]! + 6);
    const base = differenceHash(logo);
    expect(hammingDistance(base, differenceHash(changed))).toBeLessThanOrEqual(6);
    const others = [1, 2, 500, 4000].map((d) => hammingDistance(base, differenceHash(renderLogo(d))));
    for (const d of others) expect(d).toBeGreaterThanOrEqual(12);
  });

  it('survives lossy JPEG compression within a few bits', () => {
    const logo = enlarge(renderLogo(9), 2);
    const jpg = jpeg.encode({ width: logo.width, height: logo.height, data: Buffer.from(logo.data) }, 70).data;
    expect(hammingDistance(differenceHash(logo), differenceHash(decodeImage(jpg)))).toBeLessThanOrEqual(4);
  });

  it('keeps designs apart: few pairs among the first thousand designs lie within 4 bits', () => {
    const hashes = Array.from({ length: 1000 }, (_, d) => differenceHash(renderLogo(d)));
    let close = 0;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) if (hammingDistance(hashes[i]!, hashes[j]!) <= 4) close++;
    expect(close / ((hashes.length * (hashes.length - 1)) / 2)).toBeLessThan(0.001);
  });

  it('stores hashes with the top bit set as negative bigint text and reads them back', () => {
    const high = 0xf000_0000_0000_0001n;
    expect(hashForColumn(high).startsWith('-')).toBe(true);
    expect(hashFromColumn(hashForColumn(high))).toBe(high);
    expect(hammingDistance(0n, 0xffn)).toBe(8);
  });

  it('gives a name the same design every time, within the set', () => {
    expect(logoDesignOf('星辰')).toBe(logoDesignOf('星辰'));
    expect(logoDesignOf('星辰')).toBeLessThan(LOGO_DESIGNS);
    expect(encodePng(renderLogo(5)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('serves a generated logo from its design and an uploaded one as a stored file', () => {
    expect(designOfPath(generatedLogoPath(42))).toBe(42);
    expect(designOfPath('generated-logo/99999')).toBeNull();
    expect(logoUrl(generatedLogoPath(42))).toBe('/tm/logo?design=42');
    expect(logoUrl('1/202601/abc.png')).toBe('/api/file/download?path=1%2F202601%2Fabc.png');
    expect(logoUrl(null)).toBeNull();
  });
});
