import { useMemo } from 'react';
import { filterRichText } from './richTextFilter.js';
import './richTextView.css';

/**
 * Shows rich text that the server sanitised (a field annotated `contentMediaType: text/html`),
 * filtered once more on the page by the same allow-list.
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => filterRichText(html), [html]);
  return <div className={`ipm-rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
