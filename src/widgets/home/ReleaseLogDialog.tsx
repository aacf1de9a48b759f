import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReleaseNote } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

/** 更新日志: shown once per new version to each signed-in user, until 我知道了. */
export function ReleaseLogDialog() {
  const runtime = useRuntime();
  const [note, setNote] = useState<ReleaseNote | null>(null);
  const [closing, setClosing] = useState(false);
  const signedIn = runtime.user !== null;

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    runtime
      .callOperation('site.queryReleaseLog', {})
      .then((log) => !cancelled && setNote(log.list.find((n) => n.version === log.unreadVersion) ?? null))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Asked once per signed-in visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  const acknowledge = async () => {
    if (!note) return;
    setClosing(true);
    try {
      await runtime.callOperation('site.setReleaseLogRead', { version: note.version });
      setNote(null);
    } finally {
      setClosing(false);
    }
  };

  return (
    <Modal
      open={note !== null}
      title={note ? `更新日志 · ${note.version} ${note.title}` : ''}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" loading={closing} onClick={acknowledge}>
          我知道了
        </Button>
      }
    >
      {note && (
        <>
          <Typography.Paragraph type="secondary">发布于 {dayjs(note.publishedAt).format('YYYY-MM-DD')}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{note.content}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
