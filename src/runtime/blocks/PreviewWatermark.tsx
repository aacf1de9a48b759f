import { WATERMARK_TILE, watermarkGrid } from './pdfSource.js';

export interface PreviewWatermarkProps {
  /** Lines of each tile, e.g. the user's name and phone. */
  lines: string[];
  width: number;
  height: number;
}

/**
 * The preview watermark (spec 001 §2, §6): the text tiled over the page, slanted and faint. It
 * takes no pointer events and cannot be selected, so it is neither copied nor in the way.
 */
export function PreviewWatermark({ lines, width, height }: PreviewWatermarkProps) {
  const text = lines.filter(Boolean);
  if (text.length === 0) return null;
  const { columns, rows } = watermarkGrid(width, height);
  return (
    <div
      className="ipm-preview-watermark"
      data-testid="preview-watermark"
      aria-hidden="true"
      style={{ gridTemplateColumns: `repeat(${columns}, ${WATERMARK_TILE.width}px)`, gridAutoRows: WATERMARK_TILE.height }}
    >
      {Array.from({ length: columns * rows }, (_, i) => (
        <div key={i} className="ipm-preview-watermark-tile">
          {text.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </div>
      ))}
    </div>
  );
}
