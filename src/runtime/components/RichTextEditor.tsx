import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import type Quill from 'quill';
import type { RichTextEditorProps } from '../../generated/types.js';
import { OWN_FILE_URL } from '../../shared/richTextPolicy.js';
import { useRuntime } from '../runtimeContext.js';
import { loadQuill } from './loadQuill.js';
import { TOOLBAR_HTML, labelToolbar } from './richTextToolbar.js';
import { normaliseEditorHtml } from './editorHtml.js';
import { EDITOR_IMAGE_ACCEPT, uploadEditorImage } from './uploadEditorImage.js';
import './richTextEditor.css';

type Props = RichTextEditorProps & {
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** The editor's content as the field's value: '' when blank, so a required rule applies. */
function valueOf(quill: Quill): string {
  if (quill.getText().trim() === '' && !quill.root.querySelector('img')) return '';
  return normaliseEditorHtml(quill.getSemanticHTML());
}

/**
 * Rich-text field on Quill 2; the value is HTML. Pictures are uploaded through `file.upload` and
 * embedded by their download address; pasted or dropped pictures go the same way, and pasted
 * images from elsewhere are left out. The server sanitises the HTML again before storing it.
 */
export function RichTextEditor({ value, onChange, disabled, readOnly, placeholder, minHeight = 200 }: Props) {
  const runtime = useRuntime();
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // What the editor last reported, to tell the form's echo from a value set from outside.
  const reported = useRef<string | null | undefined>(undefined);
  const latest = useRef({ onChange, runtime });
  latest.current = { onChange, runtime };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    loadQuill().then(
      (QuillClass) => {
        if (disposed) return;
        const toolbar = document.createElement('div');
        toolbar.innerHTML = TOOLBAR_HTML;
        const editor = document.createElement('div');
        host.append(toolbar, editor);
        const insertImages = async (files: File[], at: number) => {
          let index = at;
          for (const file of files) {
            const url = await uploadEditorImage(file, latest.current.runtime);
            if (!url) continue;
            quill.insertEmbed(index, 'image', url, 'user');
            index += 1;
            quill.setSelection(index, 0, 'silent');
          }
        };
        const pickImage = () => {
          const input = document.createElement('input');
          input.type = 'file';
          input.accept = EDITOR_IMAGE_ACCEPT;
          input.addEventListener('change', () => {
            const file = input.files?.[0];
            if (file) void insertImages([file], quill.getSelection(true).index);
          });
          input.click();
        };
        const quill: Quill = new QuillClass(editor, {
          theme: 'snow',
          placeholder,
          modules: {
            toolbar: { container: toolbar, handlers: { image: pickImage } },
            uploader: {
              mimetypes: EDITOR_IMAGE_ACCEPT.split(','),
              handler: (range: { index: number }, files: File[]) => void insertImages(files, range.index),
            },
          },
        });
        // Pasted pictures from elsewhere (base64 or foreign sites) are left out; ours stay.
        const Delta = QuillClass.import('delta') as typeof import('quill').Delta;
        quill.clipboard.addMatcher('IMG', (node, delta) => (OWN_FILE_URL.test((node as HTMLImageElement).getAttribute('src') ?? '') ? delta : new Delta()));
        labelToolbar(toolbar);
        quill.root.setAttribute('role', 'textbox');
        quill.root.setAttribute('aria-multiline', 'true');
        quill.root.setAttribute('aria-label', placeholder ?? '正文');
        quill.on('text-change', () => {
          const html = valueOf(quill);
          reported.current = html;
          latest.current.onChange?.(html);
        });
        quillRef.current = quill;
        setReady(true);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      quillRef.current = null;
      host.replaceChildren();
    };
    // The editor is built once; its placeholder is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    const next = value ?? '';
    if (next === (reported.current ?? '') && reported.current !== undefined) return;
    reported.current = next;
    quill.setContents(quill.clipboard.convert({ html: next }), 'silent');
  }, [value, ready]);

  const locked = Boolean(disabled || readOnly);
  useEffect(() => {
    quillRef.current?.enable(!locked);
  }, [locked, ready]);

  return (
    <div className={`ipm-rich-text-editor${locked ? ' is-locked' : ''}`} style={{ ['--ipm-editor-min-height' as string]: `${minHeight}px` }}>
      {!ready && !failed && (
        <Spin size="small" tip="正在加载编辑器…">
          <div className="ipm-rich-text-editor-loading" />
        </Spin>
      )}
      {failed && <div className="ipm-rich-text-editor-failed">编辑器加载失败，请刷新页面重试</div>}
      <div ref={hostRef} />
    </div>
  );
}
