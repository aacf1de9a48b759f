import { createContext, useContext, useRef, useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '../../../generated/types.js';
import { useRuntime } from '../../../runtime/runtimeContext.js';
import { acceptAttribute, countRefusal, fileRefusal, type UploadRules } from '../../../runtime/upload/uploadRules.js';

/** The link the page was opened with: every upload on it goes through the link's own upload call. */
export const PublicLinkContext = createContext<string>('');

export interface PublicUploadProps {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  maxCount?: number;
  /** ThumbnailUpload's name for the count, when the type's form names that uploader. */
  limit?: number;
  /** Allowed extensions, as the type's form gives them. */
  accept?: string[];
  disabled?: boolean;
  readOnly?: boolean;
}

let sequence = 0;

/**
 * Files for an outside proposal, without an account: checked here by the general upload rules
 * (types the server takes, 30MB, at most `maxCount`), sent through the link's upload call, listed
 * with their names; removing one only forgets it here.
 */
export function PublicUpload({ value = [], onChange, maxCount: count, limit, accept, disabled, readOnly }: PublicUploadProps) {
  const maxCount = count ?? limit ?? 10;
  const token = useContext(PublicLinkContext);
  const runtime = useRuntime();
  const { message } = App.useApp();
  const rules: UploadRules = { purpose: 'general', maxCount, accept };
  const latest = useRef(value);
  latest.current = value;
  const held = useRef(0);
  const [inFlight, setInFlight] = useState<{ uid: string; name: string }[]>([]);
  const editable = !disabled && !readOnly;

  const admit = (file: File): boolean => {
    const reason = fileRefusal(file, rules) ?? countRefusal(rules, latest.current.length + held.current);
    if (reason) {
      void message.warning({ content: reason, key: reason });
      return false;
    }
    held.current++;
    return true;
  };

  const send = async (file: File) => {
    const uid = `public-upload-${++sequence}`;
    setInFlight((list) => [...list, { uid, name: file.name }]);
    try {
      const form = new FormData();
      // The token goes first: the server checks the link before it takes any bytes.
      form.append('token', token);
      form.append('file', file);
      const stored = await runtime.callNamedOperation<UploadedFile>('demand.publicDemandUpload', form, { silent: true });
      const taken = latest.current.some((f) => f.uid === stored.uid);
      const next = [...latest.current, taken ? { ...stored, uid: `${stored.uid}-${sequence}` } : stored];
      latest.current = next;
      onChange?.(next);
      message.success('上传成功');
    } catch {
      message.error('上传失败，请重试');
    } finally {
      held.current = Math.max(0, held.current - 1);
      setInFlight((list) => list.filter((f) => f.uid !== uid));
    }
  };

  const fileList: UploadFile[] = [
    ...value.map((f): UploadFile => ({ uid: f.uid, name: f.name, status: 'done', size: Number(f.size) })),
    ...inFlight.map((f): UploadFile => ({ uid: f.uid, name: f.name, status: 'uploading', percent: 50 })),
  ];
  return (
    <Upload
      multiple={maxCount > 1}
      fileList={fileList}
      disabled={!editable}
      accept={acceptAttribute(rules)}
      beforeUpload={(file) => admit(file) || Upload.LIST_IGNORE}
      customRequest={({ file }) => void send(file as File)}
      onRemove={(item) => {
        const next = latest.current.filter((f) => f.uid !== item.uid);
        latest.current = next;
        onChange?.(next);
        message.success('文件已移除');
        return true;
      }}
      showUploadList={{ showRemoveIcon: editable, showDownloadIcon: false, showPreviewIcon: false }}
    >
      {editable && value.length + inFlight.length < maxCount && <Button icon={<UploadOutlined />}>上传附件</Button>}
    </Upload>
  );
}
