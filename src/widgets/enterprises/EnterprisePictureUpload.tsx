import type { EnterprisePictureUploadProps as DescribedProps, UploadedFile } from '../../generated/types.js';
import { ThumbnailUpload } from '../../runtime/components/ThumbnailUpload.js';
import { extensionOf } from '../../runtime/upload/uploadRules.js';

export type EnterprisePictureUploadProps = DescribedProps & {
  /** The stored path of the picture; empty: none. */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const PICTURES = ['jpg', 'jpeg', 'png'];

/** The one file a stored path names, as the upload shows it. */
function fileOfPath(path: string): UploadedFile {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { uid: path, name, size: 0, type: extensionOf(name), url: `/api/file/download?path=${encodeURIComponent(path)}`, path, status: 'done' };
}

/** A business licence or an ID photo: one picture, kept as its stored path. */
export function EnterprisePictureUpload({ value, onChange, disabled, readOnly }: EnterprisePictureUploadProps) {
  return (
    <ThumbnailUpload
      limit={1}
      accept={PICTURES}
      value={value ? [fileOfPath(value)] : []}
      onChange={(files) => onChange?.(files[0]?.path ?? '')}
      disabled={disabled}
      readOnly={readOnly}
    />
  );
}
