import { useRef, useState } from 'react';
import { App } from 'antd';
import { useForm } from '@formily/react';
import type { UploadedFile } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';
import { countRefusal, fileRefusal, type UploadRules } from './uploadRules.js';
import { sendFile } from './sendFile.js';
import { holdUpload, releaseUpload } from './uploadsInFlight.js';
import { useUploadScope } from './UploadScope.js';

interface FileInFlight {
  uid: string;
  name: string;
  percent: number;
}

let sequence = 0;

/**
 * The upload steps every uploader shares: refuse a file by the rules (nothing is sent), hold a
 * place for it while it travels so several files chosen at once respect the count, send it
 * (chunked when large) with its progress, and say how it went in the spec's words.
 */
export function useUploadQueue(rules: UploadRules, taken: () => number) {
  const runtime = useRuntime();
  const { message } = App.useApp();
  // What must not be sent while files travel: the scope a form of another kind gave its uploaders (it may
  // sit inside a schema page's Formily form), else the Formily form the uploader sits in.
  const formilyForm: object | undefined = useForm();
  const form = useUploadScope() ?? formilyForm;
  const held = useRef(0);
  // The same count as state, so the add button hides while files are on their way.
  const [pending, setPending] = useState(0);
  const [inFlight, setInFlight] = useState<FileInFlight[]>([]);

  const warn = (text: string) => void message.warning({ content: text, key: text });

  /** Checks a chosen file and, when it may go, holds a place for it. */
  const admit = (file: { name: string; size: number }, extra?: (file: { name: string; size: number }) => string | null): boolean => {
    const reason = extra?.(file) ?? fileRefusal(file, rules) ?? countRefusal(rules, taken() + held.current);
    if (reason) {
      warn(reason);
      return false;
    }
    held.current++;
    holdUpload(form);
    setPending(held.current);
    return true;
  };

  /** Gives back a place held for a file that will not be sent after all (a crop cancelled). */
  const release = () => {
    if (held.current > 0) releaseUpload(form);
    held.current = Math.max(0, held.current - 1);
    setPending(held.current);
  };

  /** Sends one file, its progress shown under its name until `run` is done with it. */
  const transfer = (file: File, uids: string[]): Promise<UploadedFile> => {
    const uid = `upload-${++sequence}`;
    uids.push(uid);
    setInFlight((list) => [...list, { uid, name: file.name, percent: 0 }]);
    return sendFile(runtime.callNamedOperation, file, rules, (percent) => setInFlight((list) => list.map((f) => (f.uid === uid ? { ...f, percent } : f))));
  };

  /**
   * Runs the sending of an admitted file; `store` puts the result into the field's value, told
   * which in-flight entries it replaces (so a list can turn the progress entry into the file).
   */
  const run = async <T>(
    work: (send: (file: File) => Promise<UploadedFile>) => Promise<T>,
    store: (result: T, inFlightUids: string[]) => void,
  ): Promise<void> => {
    const uids: string[] = [];
    try {
      const result = await work((file) => transfer(file, uids));
      store(result, uids);
      message.success('上传成功');
    } catch {
      message.error('上传失败，请重试');
    } finally {
      // Only now, with the file in the value, do its progress entries go.
      setInFlight((list) => list.filter((f) => !uids.includes(f.uid)));
      release();
    }
  };

  return { admit, release, run, inFlight, pending };
}
