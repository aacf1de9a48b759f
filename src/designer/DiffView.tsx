import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useMonaco } from './monaco/useMonaco.js';

/** Two versions side by side, changes highlighted (read-only). */
export function DiffView({ original, modified }: { original: string; modified: string }) {
  const host = useRef<HTMLDivElement>(null);
  const loaded = useMonaco();

  useEffect(() => {
    if (!loaded || !host.current) return;
    const { monaco } = loaded;
    const left = monaco.editor.createModel(original, 'json');
    const right = monaco.editor.createModel(modified, 'json');
    const diff = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      automaticLayout: true,
      minimap: { enabled: false },
      renderSideBySide: true,
      originalEditable: false,
      // Long schemas differ in a few places: unchanged stretches fold away.
      hideUnchangedRegions: { enabled: true },
    });
    diff.setModel({ original: left, modified: right });
    return () => {
      diff.dispose();
      left.dispose();
      right.dispose();
    };
  }, [loaded, original, modified]);

  return (
    <div className="ipm-designer-source" data-testid="diff-view">
      {!loaded && <Spin tip="正在加载编辑器…" />}
      <div ref={host} style={{ height: '100%', display: loaded ? undefined : 'none' }} />
    </div>
  );
}
