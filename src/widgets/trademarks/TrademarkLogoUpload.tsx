import { createContext, useContext } from 'react';
import type { TrademarkLogoUploadProps as DescribedProps, UploadedFile } from '../../generated/types.js';
import { ThumbnailUpload } from '../../runtime/components/ThumbnailUpload.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';

/** True while the trademark info dialog only shows the mark (before 编辑 is pressed). */
export const LogoPreviewContext = createContext(false);

export type TrademarkLogoUploadProps = DescribedProps & {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/**
 * The mark's image in the trademark info dialog: one picture to preview, remove and replace while
 * editing; shown at its own size while the dialog only shows the mark.
 */
export function TrademarkLogoUpload({ value, onChange, disabled, readOnly, accept }: TrademarkLogoUploadProps) {
  const preview = useContext(LogoPreviewContext);
  if (preview || readOnly) return <FallbackImage width={240} src={value?.[0]?.url || undefined} alt="商标图样" />;
  return <ThumbnailUpload value={value} onChange={onChange} disabled={disabled} limit={1} accept={accept} />;
}
