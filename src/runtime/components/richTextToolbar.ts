/**
 * The editor's toolbar (spec 000 §9): headers, font, size, bold, italic, underline, strike, colour,
 * background, lists, indent, align, direction and image. Built as markup so the pickers carry
 * Chinese labels (Quill shows an option's text) and every control a Chinese tooltip.
 */
export const TOOLBAR_HTML = `
<span class="ql-formats">
  <select class="ql-header"><option value="1">标题 1</option><option value="2">标题 2</option><option value="3">标题 3</option><option selected>正文</option></select>
  <select class="ql-font"><option selected>默认字体</option><option value="serif">衬线字体</option><option value="monospace">等宽字体</option></select>
  <select class="ql-size"><option value="small">小号</option><option selected>正常</option><option value="large">大号</option><option value="huge">超大</option></select>
</span>
<span class="ql-formats">
  <button type="button" class="ql-bold"></button><button type="button" class="ql-italic"></button><button type="button" class="ql-underline"></button><button type="button" class="ql-strike"></button>
</span>
<span class="ql-formats"><select class="ql-color"></select><select class="ql-background"></select></span>
<span class="ql-formats">
  <button type="button" class="ql-list" value="ordered"></button><button type="button" class="ql-list" value="bullet"></button>
  <button type="button" class="ql-indent" value="-1"></button><button type="button" class="ql-indent" value="+1"></button>
</span>
<span class="ql-formats"><select class="ql-align"></select><button type="button" class="ql-direction" value="rtl"></button></span>
<span class="ql-formats"><button type="button" class="ql-image"></button></span>`;

/** Tooltip per control: the selector within the toolbar once Quill has built its pickers. */
export const TOOLBAR_TIPS: [selector: string, tip: string][] = [
  ['.ql-picker.ql-header .ql-picker-label', '标题'],
  ['.ql-picker.ql-font .ql-picker-label', '字体'],
  ['.ql-picker.ql-size .ql-picker-label', '字号'],
  ['button.ql-bold', '加粗'],
  ['button.ql-italic', '斜体'],
  ['button.ql-underline', '下划线'],
  ['button.ql-strike', '删除线'],
  ['.ql-picker.ql-color .ql-picker-label', '文字颜色'],
  ['.ql-picker.ql-background .ql-picker-label', '背景色'],
  ['button.ql-list[value="ordered"]', '有序列表'],
  ['button.ql-list[value="bullet"]', '无序列表'],
  ['button.ql-indent[value="-1"]', '减少缩进'],
  ['button.ql-indent[value="+1"]', '增加缩进'],
  ['.ql-picker.ql-align .ql-picker-label', '对齐方式'],
  ['button.ql-direction', '从右向左'],
  ['button.ql-image', '插入图片'],
];

export function labelToolbar(toolbar: HTMLElement): void {
  for (const [selector, tip] of TOOLBAR_TIPS) {
    toolbar.querySelectorAll<HTMLElement>(selector).forEach((el) => {
      el.title = tip;
      el.setAttribute('aria-label', tip);
    });
  }
}
