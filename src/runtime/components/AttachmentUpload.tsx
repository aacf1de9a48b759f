import { useRef } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { AttachmentUploadProps as DescribedAttachmentUploadProps, UploadedFile } from '../../generated/types.js';
import { CHUNKED_UPLOAD_FROM_BYTES, MB } from '../../shared/uploadPurposes.js';
import { acceptAttribute, acceptedExtensions, limitMbOf, type UploadRules } from '../upload/uploadRules.js';
import { useUploadQueue } from '../upload/useUploadQueue.js';
import { withStoredFile } from '../upload/fileKinds.js';
import { useFileActions } from '../upload/useFileActions.js';
import './uploads.css';

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
export function AttachmentUpload({
  maxCount = 10,
  purpose = 'general',
  limitMb,
  accept,
  drag,
  value = [],
  onChange,
  disabled,
  readOnly,
}: AttachmentUploadProps) {
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

  // A finished file keeps the list key of its progress entry, so the entry turns into it in place.
  const listUid = useRef(new Map<string, string>());
  const shownUid = (f: UploadedFile) => listUid.current.get(f.uid) ?? f.uid;
  const done: UploadFile[] = value.map((f) => ({ uid: shownUid(f), name: f.name, status: 'done', size: f.size }));
  const fileList: UploadFile[] = [
    ...done,
    ...queue.inFlight
      .filter((f) => !done.some((d) => d.uid === f.uid))
      .map((f): UploadFile => ({ uid: f.uid, name: f.name, status: 'uploading', percent: f.percent })),
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
        (stored, [inFlightUid]) => {
          const next = withStoredFile(latest.current, stored, maxCount);
          if (inFlightUid) listUid.current.set(next[next.length - 1].uid, inFlightUid);
          commit(next);
        },
      ),
    onPreview: (item: UploadFile) => {
      const file = value.find((f) => shownUid(f) === item.uid);
      if (file) void download(file);
    },
    onRemove: (item: UploadFile) => {
      commit(remove(latest.current, (f) => shownUid(f) === item.uid));
      return true;
    },
    showUploadList: { showRemoveIcon: editable },
    className: 'ipm-attachments',
  };
  const canAdd = editable && (maxCount === 1 || value.length + queue.pending < maxCount);

  if (drag) {
    const types = acceptedExtensions(rules);
    return (
      <Upload.Dragger {...props} openFileDialogOnClick={canAdd}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
        <p className="ant-upload-hint">
          支持 {types.join('、')} 格式，单个文件不超过 {limitMbOf(rules)}MB
          {limitMbOf(rules) * MB >= CHUNKED_UPLOAD_FROM_BYTES ? '，50MB 及以上的文件分片上传，中断后可续传' : ''}
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
