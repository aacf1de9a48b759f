import type { RuntimeServices } from '../runtimeContext.js';

export const EDITOR_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
export const EDITOR_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const LIMIT_MB = 30;

/** Why a file cannot go into the editor, in the spec's words; null when it may. */
export function editorImageProblem(name: string, size: number): string | null {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (!EDITOR_IMAGE_TYPES.includes(extension)) return '文件只能是 jpg、png、gif、webp 格式';
  if (size > LIMIT_MB * 1024 * 1024) return `上传文件大小不能超过 ${LIMIT_MB}MB!`;
  return null;
}

/**
 * Uploads a picture for the editor through `file.upload` and answers its download address, or null
 * after telling the user why not. The editor embeds the address, never the picture's bytes.
 */
export async function uploadEditorImage(file: File, runtime: RuntimeServices): Promise<string | null> {
  const problem = editorImageProblem(file.name, file.size);
  if (problem) {
    runtime.notify('warning', problem);
    return null;
  }
  try {
    const form = new FormData();
    form.append('file', file);
    const stored = await runtime.callOperation('file.upload', form);
    runtime.notify('success', '上传成功');
    return stored.url;
  } catch {
    runtime.notify('error', '上传失败，请重试');
    return null;
  }
}
