import { App } from 'antd';
import { useRuntime } from '../runtimeContext.js';
import { saveBlob } from '../saveBlob.js';

/** What a download needs of a file: its stored path and the name to save it under. */
export interface DownloadableFile {
  uid: string;
  name: string;
  path: string;
}

/** Download and removal as every uploader offers them, with the spec's messages. */
export function useFileActions() {
  const runtime = useRuntime();
  const { message } = App.useApp();

  const download = async (file: Pick<DownloadableFile, 'name' | 'path'>) => {
    message.warning('开始下载，请稍候');
    try {
      saveBlob(await runtime.callOperation('file.download', { path: file.path }), file.name);
    } catch {
      message.error('文件下载失败，请稍后重试');
    }
  };

  /** The list without the file; removal only forgets it here, the stored file stays for others using it. */
  const remove = <T>(files: T[], isRemoved: (file: T) => boolean): T[] => {
    message.success('文件已移除');
    return files.filter((f) => !isRemoved(f));
  };

  return { download, remove };
}
