import { useRef, useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';
import { saveBlob } from '../saveBlob.js';

const GENERAL_LIMIT_MB = 30;

export interface AttachmentUploadProps {
  /** 1 for a single attachment (a new file replaces the old one); at most 10 otherwise. */
  maxCount?: number;
  limitMb?: number;
  /** Allowed extensions, e.g. `["pdf", "jpg"]`; the server checks the content as well. */
  accept?: string[];
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  disabled?: boolean;
}

/**
 * 附件: uploads through the file operation with the spec's messages, lists the files as download
 * links, and removes them on request. The value is the list of uploaded files.
 */
export function AttachmentUpload({ maxCount = 10, limitMb = GENERAL_LIMIT_MB, accept, value = [], onChange, disabled }: AttachmentUploadProps) {
  const runtime = useRuntime();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // Several files may finish together: each adds to the newest list, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const commit = (next: UploadedFile[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const beforeUpload = (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (accept && !accept.includes(extension)) {
      message.warning(`文件只能是 ${accept.map((t) => (t === 'jpeg' ? 'jpg' : t)).filter((t, i, all) => all.indexOf(t) === i).join('、')} 格式`);
      return Upload.LIST_IGNORE;
    }
    if (file.size > limitMb * 1024 * 1024) {
      message.warning(`上传文件大小不能超过 ${limitMb}MB!`);
      return Upload.LIST_IGNORE;
    }
    if (maxCount > 1 && latest.current.length + uploading >= maxCount) {
      message.warning(`最多只能上传 ${maxCount} 个文件`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      const form = new FormData();
      form.append('file', file);
      const stored = await runtime.callOperation<UploadedFile>('file.upload', form);
      message.success('上传成功');
      commit(maxCount === 1 ? [stored] : [...latest.current, stored]);
    } catch {
      message.error('上传失败，请重试');
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const download = async (file: UploadedFile) => {
    message.warning('开始下载，请稍候');
    try {
      saveBlob(await runtime.callOperation<Blob>('file.download', { path: file.path }), file.name);
    } catch {
      message.error('文件下载失败，请稍后重试');
    }
  };

  const fileList: UploadFile[] = value.map((f) => ({ uid: f.uid, name: f.name, status: 'done', size: f.size }));
  return (
    <Upload
      multiple={maxCount > 1}
      fileList={fileList}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={({ file }) => void upload(file as File)}
      onPreview={(item) => {
        const file = value.find((f) => f.uid === item.uid);
        if (file) void download(file);
      }}
      onRemove={(item) => {
        commit(latest.current.filter((f) => f.uid !== item.uid));
        message.success('文件已移除');
        return true;
      }}
      showUploadList={{ showRemoveIcon: !disabled }}
    >
      {(maxCount === 1 || value.length < maxCount) && (
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={disabled}>
          {maxCount === 1 && value.length === 1 ? '重新上传' : '上传文件'}
        </Button>
      )}
    </Upload>
  );
}
