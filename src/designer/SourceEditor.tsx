import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { DesignerEditorContextResponse, SchemaProblem } from '../generated/types.js';
import { useMonaco } from './monaco/useMonaco.js';
import { editorSchema } from './editorSchema.js';
import { pointerRange } from './pointerRange.js';
import type { DesignableKind } from './designerTypes.js';

export interface SourceEditorProps {
  kind: DesignableKind;
  value: string;
  onChange(text: string): void;
  context: DesignerEditorContextResponse;
  /** The server's problems, underlined where their pointers lead. */
  problems: SchemaProblem[];
  /** A pointer to reveal, set when a problem in the list is clicked. */
  reveal?: { at: string; n: number };
}

const modelUri = (kind: DesignableKind) => `inmemory://designer/${kind}.json`;

/**
 * The schema as JSON in Monaco: completion and underlines from the meta-schema with the component,
 * operation and permission names filled in, plus the server's own problems as markers.
 */
export function SourceEditor({ kind, value, onChange, context, problems, reveal }: SourceEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const loaded = useMonaco();
  const editor = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!loaded || !host.current) return;
    const { monaco } = loaded;
    const uri = monaco.Uri.parse(modelUri(kind));
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(value, 'json', uri);
    const instance = monaco.editor.create(host.current, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      scrollBeyondLastLine: false,
      ariaLabel: '描述源码',
      // A plain textarea for input: screen readers and automated input handle it everywhere.
      editContext: false,
    });
    editor.current = instance;
    const subscription = model.onDidChangeContent(() => changed.current(model.getValue()));
    return () => {
      subscription.dispose();
      instance.dispose();
      model.dispose();
      editor.current = null;
    };
    // The model is made once per kind; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, kind]);

  useEffect(() => {
    if (!loaded) return;
    loaded.json.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      enableSchemaRequest: false,
      schemas: [{ uri: `inmemory://schemas/${kind}.json`, fileMatch: [modelUri(kind)], schema: editorSchema(kind, context) }],
    });
  }, [loaded, kind, context]);

  useEffect(() => {
    const model = editor.current?.getModel();
    // Undo and redo of the designer replace the text; typing here already matches it.
    if (model && model.getValue() !== value) model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value, loaded]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (!loaded || !model) return;
    const text = model.getValue();
    const markers = problems.map((p) => {
      const range = pointerRange(text, p.at) ?? { offset: 0, length: 1 };
      const start = model.getPositionAt(range.offset);
      const end = model.getPositionAt(range.offset + range.length);
      return {
        severity: loaded.monaco.MarkerSeverity.Error,
        message: p.message,
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      };
    });
    loaded.monaco.editor.setModelMarkers(model, 'server', markers);
  }, [problems, loaded, value]);

  useEffect(() => {
    const instance = editor.current;
    const model = instance?.getModel();
    if (!reveal || !instance || !model) return;
    const range = pointerRange(model.getValue(), reveal.at);
    if (!range) return;
    const start = model.getPositionAt(range.offset);
    instance.revealLineInCenter(start.lineNumber);
    instance.setPosition(start);
    instance.focus();
  }, [reveal]);

  return (
    <div className="ipm-designer-source" data-testid="source-editor">
      {!loaded && <Spin tip="正在加载编辑器…" />}
      <div ref={host} style={{ height: '100%', display: loaded ? undefined : 'none' }} />
    </div>
  );
}
