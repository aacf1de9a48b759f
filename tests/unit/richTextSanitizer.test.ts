import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/server/http/richTextSanitizer.js';
import { filterStyle, isBlankHtml, isSafeLink } from '../../src/shared/richTextPolicy.js';

const OWN_IMAGE = `/api/file/download?path=1%2F202501%2F${'a'.repeat(64)}.png`;

describe('rich-text sanitiser', () => {
  it('keeps every format the editor toolbar produces', () => {
    const html =
      '<h1>标题</h1><h3>小标题</h3>' +
      '<p class="ql-align-center ql-direction-rtl ql-indent-2"><strong>粗</strong><em>斜</em><u>下划线</u><s>删除线</s></p>' +
      '<p><span class="ql-size-small">小</span><span class="ql-size-large">大</span><span class="ql-size-huge">超大</span>' +
      '<span class="ql-font-serif">衬线</span><span class="ql-font-monospace">等宽</span></p>' +
      '<p><span style="color:#e60000;background-color:rgb(255, 255, 0)">彩色</span></p>' +
      '<ol><li>一</li></ol><ul><li class="ql-indent-1">二</li></ul>' +
      `<p><img src="${OWN_IMAGE}" alt="图样" /></p>`;
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts with their content, styles, frames and event handlers', () => {
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script></p><style>p{}</style><iframe src="https://x"></iframe>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<svg onload="alert(1)"><text>t</text></svg><p>b</p>')).toBe('t<p>b</p>');
  });

  it('allows only http, https and mailto links, opened safely in a new tab', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="data:text/html,<script>1</script>">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="/system">站内</a>')).toBe('站内');
    expect(sanitizeRichText('<a href="mailto:ip@example.com" target="_self">邮件</a>')).toBe(
      '<a href="mailto:ip@example.com" target="_blank" rel="noopener noreferrer">邮件</a>',
    );
  });

  it('keeps images only from our own file download', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeRichText('<img src="https://evil.example/x.png">')).toBe('');
    expect(sanitizeRichText('<img src="/api/file/download?path=../../etc/passwd">')).toBe('');
    expect(sanitizeRichText(`<img src="${OWN_IMAGE}" onerror="alert(1)">`)).toBe(`<img src="${OWN_IMAGE}" />`);
  });

  it('drops classes and inline styles outside the editor’s own', () => {
    expect(sanitizeRichText('<p class="evil ql-align-right ql-indent-9">x</p>')).toBe('<p class="ql-align-right">x</p>');
    expect(sanitizeRichText('<span style="color:red;position:fixed;background-image:url(javascript:1)">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichText('<span style="color:#123456;background-color:rgba(1, 2, 3, 0.5)">x</span>')).toBe(
      '<span style="color:#123456;background-color:rgba(1, 2, 3, 0.5)">x</span>',
    );
  });

  it('escapes text that merely looks like markup', () => {
    expect(sanitizeRichText('a < b & c')).toBe('a &lt; b &amp; c');
  });
});

describe('rich-text policy helpers', () => {
  it('tells blank editor output from content', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p>字</p>')).toBe(false);
    expect(isBlankHtml(`<p><img src="${OWN_IMAGE}"></p>`)).toBe(false);
  });

  it('filters styles and links by the same allow-list the page uses', () => {
    expect(filterStyle('color: #fff; position: fixed; background-color: rgb(1,2,3)')).toBe('color: #fff; background-color: rgb(1,2,3)');
    expect(filterStyle('color: expression(alert(1))')).toBe('');
    expect(isSafeLink(' https://a.cn')).toBe(true);
    expect(isSafeLink('vbscript:x')).toBe(false);
  });
});
