import { CROP_QUALITY, fitWithin, type Rect, type Size } from './cropGeometry.js';

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/jpeg', CROP_QUALITY),
  );
}

function canvasOf(size: Size): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = Object.assign(document.createElement('canvas'), { width: size.width, height: size.height });
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // A transparent PNG would turn black in a JPEG: white underneath instead.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  return { canvas, context };
}

/** The picture scaled to fit 980 × 600 as a JPEG at quality 0.8: what the cropper shows and cuts from. */
export async function scaledForCrop(file: Blob): Promise<{ url: string; size: Size }> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWithin({ width: bitmap.width, height: bitmap.height });
    const { canvas, context } = canvasOf(size);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return { url: URL.createObjectURL(await toJpeg(canvas)), size: { width: size.width, height: size.height } };
  } finally {
    bitmap.close();
  }
}

/** The rectangle of the (scaled) picture at `src`, as a JPEG at quality 0.8. */
export async function cropToJpeg(src: string, rect: Rect): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const { canvas, context } = canvasOf(rect);
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, rect.width, rect.height);
  return toJpeg(canvas);
}
