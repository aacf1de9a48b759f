/**
 * Quill's semantic HTML writes every space as `&nbsp;`, which stops lines from wrapping wherever
 * the text is shown. A single space becomes a plain one again; a run keeps its width as one plain
 * space followed by non-breaking ones.
 */
export function normaliseEditorHtml(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ' ' + '&nbsp;'.repeat(run.length / 6 - 1));
}
