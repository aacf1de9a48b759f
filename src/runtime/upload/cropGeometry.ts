/** Image crop (spec 000 §5, §9): scaled to fit 980 × 600 first, exported as JPEG at quality 0.8. */
export const CROP_BOUNDS = { width: 980, height: 600 } as const;
export const CROP_QUALITY = 0.8;
export const CROP_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const CROP_TITLE = '请裁剪掉不需要的部分，以保证检索结果准确';

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** The size that fits inside the bounds keeping the proportions; smaller pictures keep their size. */
export function fitWithin(image: Size, bounds: Size = CROP_BOUNDS): Size & { scale: number } {
  if (image.width <= 0 || image.height <= 0) throw new Error(`图片尺寸无效：${image.width}×${image.height}`);
  const scale = Math.min(1, bounds.width / image.width, bounds.height / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)), scale };
}

/** A crop rectangle in whole pixels that lies inside the image and is at least 1 × 1. */
export function clampCrop(area: Rect, image: Size): Rect {
  const x = Math.min(Math.max(0, Math.round(area.x)), image.width - 1);
  const y = Math.min(Math.max(0, Math.round(area.y)), image.height - 1);
  const width = Math.min(Math.max(1, Math.round(area.width)), image.width - x);
  const height = Math.min(Math.max(1, Math.round(area.height)), image.height - y);
  return { x, y, width, height };
}

/** The cropper's aspect choices: the picture's own proportions, or a fixed one. */
export function aspectOf(choice: string, image: Size): number {
  const fixed = /^(\d+):(\d+)$/.exec(choice);
  return fixed ? Number(fixed[1]) / Number(fixed[2]) : image.width / image.height;
}

/** The cropped picture is a JPEG: `商标.png` becomes `商标.jpg`. */
export function croppedFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot <= 0 ? name || '图片' : name.slice(0, dot)}.jpg`;
}
