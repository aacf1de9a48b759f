import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Result, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useRuntime } from '../runtimeContext.js';
import { loadPdfjs } from './loadPdfjs.js';
import { PreviewWatermark } from './PreviewWatermark.js';
import './pdfViewer.css';

export interface PdfViewerProps {
  /** Storage path of an uploaded PDF of this organisation; null shows the empty state. */
  path: string | null;
  height?: number;
  watermark?: boolean;
}

type LoadState = 'idle' | 'loading' | 'ready' | 'error';

const PAGE_MARGIN = 16;
const MAX_PAGE_WIDTH = 1100;

/** One PDF, a page at a time, fitted to the width, with 上一页 / 下一页 and the signed-in user's watermark. */
export function PdfViewer({ path, height = 640, watermark = true }: PdfViewerProps) {
  const runtime = useRuntime();
  // The download goes through the runtime of the moment; a new runtime object must not reload the file.
  const callRef = useRef(runtime.callOperation);
  callRef.current = runtime.callOperation;
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [state, setState] = useState<LoadState>('idle');
  const [pageNo, setPageNo] = useState(1);
  const [frameWidth, setFrameWidth] = useState(0);
  const [pageSize, setPageSize] = useState({ width: 0, height: 0 });
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setFrameWidth(Math.floor(entry.contentRect.width)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    setPageNo(1);
    setPageSize({ width: 0, height: 0 });
    if (!path) {
      setState('idle');
      return;
    }
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    let destroyTask: (() => Promise<void>) | null = null;
    setState('loading');
    (async () => {
      try {
        const [pdfjs, blob] = await Promise.all([loadPdfjs(), callRef.current('file.download', { path })]);
        if (cancelled) return;
        const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()) });
        destroyTask = () => task.destroy();
        opened = await task.promise;
        if (cancelled) return;
        setDoc(opened);
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      setDoc(null);
      void (opened ? opened.destroy() : destroyTask?.());
    };
  }, [path]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || frameWidth === 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      const page = await doc.getPage(pageNo);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const cssScale = Math.min(frameWidth - 2 * PAGE_MARGIN, MAX_PAGE_WIDTH) / natural.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: cssScale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const size = { width: Math.floor(viewport.width / ratio), height: Math.floor(viewport.height / ratio) };
      canvas.style.width = `${size.width}px`;
      canvas.style.height = `${size.height}px`;
      setPageSize(size);
      task = page.render({ canvas, viewport });
      await task.promise;
    })().catch(() => {
      // A render cancelled by the next page or a resize is expected; a broken page shows blank.
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNo, frameWidth]);

  const total = doc?.numPages ?? 0;
  const user = runtime.user;
  return (
    <div className="ipm-pdf-viewer">
      <div className="ipm-pdf-toolbar">
        <Space>
          <Button size="small" icon={<LeftOutlined />} disabled={!doc || pageNo <= 1} onClick={() => setPageNo((n) => n - 1)}>
            上一页
          </Button>
          <Typography.Text className="ipm-pdf-page-indicator" data-testid="pdf-page-indicator">
            {doc ? `${pageNo} / ${total}` : '- / -'}
          </Typography.Text>
          <Button size="small" disabled={!doc || pageNo >= total} onClick={() => setPageNo((n) => n + 1)}>
            下一页
            <RightOutlined />
          </Button>
        </Space>
      </div>
      <div className="ipm-pdf-frame" ref={frameRef} style={{ height }}>
        {state === 'idle' && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可预览的文件" />}
        {state === 'loading' && (
          <Spin className="ipm-pdf-loading" tip="正在加载文件…" size="large">
            <div />
          </Spin>
        )}
        {state === 'error' && <Result status="warning" title="文件无法预览" subTitle="文件不存在、无权访问或不是有效的 PDF" />}
        <div className="ipm-pdf-page" style={{ display: state === 'ready' ? undefined : 'none', width: pageSize.width || undefined }}>
          <canvas ref={canvasRef} aria-label={doc ? `第 ${pageNo} 页，共 ${total} 页` : undefined} />
          {watermark && user && <PreviewWatermark lines={[user.name, user.phone]} width={pageSize.width} height={pageSize.height} />}
        </div>
      </div>
    </div>
  );
}
