import { useRef } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { AttachmentUploadProps as DescribedAttachmentUploadProps, UploadedFile } from '../../generated/types.js';
import { UPLOAD_PURPOSES } from '../../shared/uploadPurposes.js';
import { acceptAttribute, acceptedExtensions, limitMbOf, type UploadRules } from '../upload/uploadRules.js';
import { useUploadQueue } from '../upload/useUploadQueue.js';
import { useFileActions } from '../upload/useFileActions.js';

export type AttachmentUploadProps = DescribedAttachmentUploadProps & {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/**
 * 附件: uploads through the file operations with the spec's messages (large files in resumable
 * chunks, with a progress bar), lists the files as download links, and removes them on request.
 * The value is the list of uploaded files.
 */
export function AttachmentUpload({ maxCount = 10, purpose = 'general', limitMb, accept, drag, value = [], onChange, disabled, readOnly }: AttachmentUploadProps) {
  const rules: UploadRules = { purpose, limitMb, accept, maxCount };
  // Several files may finish together: each adds to the newest list, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const commit = (next: UploadedFile[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const queue = useUploadQueue(rules, () => (maxCount === 1 ? 0 : latest.current.length));
  const { download, remove } = useFileActions();
  const editable = !disabled && !readOnly;

  const fileList: UploadFile[] = [
    ...value.map((f): UploadFile => ({ uid: f.uid, name: f.name, status: 'done', size: f.size })),
    ...queue.inFlight.map((f): UploadFile => ({ uid: f.uid, name: f.name, status: 'uploading', percent: f.percent })),
  ];
  const props = {
    multiple: maxCount > 1,
    fileList,
    disabled: !editable,
    accept: acceptAttribute(rules),
    beforeUpload: (file: File) => queue.admit(file) || Upload.LIST_IGNORE,
    customRequest: ({ file }: { file: unknown }) =>
      void queue.run(
        (send) => send(file as File),
        (stored) => commit(maxCount === 1 ? [stored] : [...latest.current, stored]),
      ),
    onPreview: (item: UploadFile) => {
      const file = value.find((f) => f.uid === item.uid);
      if (file) void download(file);
    },
    onRemove: (item: UploadFile) => {
      commit(remove(latest.current, (f) => f.uid === item.uid));
      return true;
    },
    showUploadList: { showRemoveIcon: editable },
  };
  const canAdd = editable && (maxCount === 1 || value.length + queue.pending < maxCount);

  if (drag) {
    const types = acceptedExtensions(rules);
    return (
      <Upload.Dragger {...props} openFileDialogOnClick={canAdd} className="ipm-upload-dragger">
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
        <p className="ant-upload-hint">
          {types ? `支持 ${types.join('、')} 格式，` : ''}单个文件不超过 {limitMbOf(rules)}MB
          {UPLOAD_PURPOSES[purpose].limitMb >= 50 ? '，50MB 及以上的文件分片上传，中断后可续传' : ''}
        </p>
      </Upload.Dragger>
    );
  }
  return (
    <Upload {...props}>
      {canAdd && (
        <Button icon={<UploadOutlined />} loading={queue.inFlight.length > 0}>
          {maxCount === 1 && value.length === 1 ? '重新上传' : '上传文件'}
        </Button>
      )}
    </Upload>
  );
}
