/**
 * `npm run bench`: prints numbers, asserts nothing.
 *   1. server start time and memory, and the JavaScript the login page downloads (startup.ts);
 *   2. in Chromium, the generic table and a 300-field form against amis and rjsf (browser.ts);
 *   3. similar-name trademark search over a register of 1,000,000 marks on PostgreSQL (trademarkSearch.ts);
 *   4. the trademark archive at 1,000,000 marks on PostgreSQL (trademarkArchive.ts);
 *   5. the archive page in Chromium: opened from the menu and its tag switched back to, and 100 rows
 *      with custom-field columns (archivePage.ts).
 * `npm run bench -- startup`, `-- browser`, `-- trademarks`, `-- archive` or `-- archive-page` runs one part;
 * `-- browser table` or `-- browser form` one half of the browser part; `-- archive-page menu` or
 * `-- archive-page rows` one half of the archive page, `--load N` with N busy processes beside it.
 */
import { benchStartup } from './startup.js';
import { benchInBrowser } from './browser.js';
import { benchTrademarkSearch } from './trademarkSearch.js';
import { benchTrademarkArchive } from './trademarkArchive.js';
import { benchArchivePage } from './archivePage.js';

const only = process.argv[2];
if (!only || only === 'startup') {
  console.log('== 服务启动 ==');
  await benchStartup();
}
if (!only || only === 'browser') {
  console.log('== 构件（Chromium）==');
  await benchInBrowser(only ? process.argv[3] : undefined);
}
if (!only || only === 'trademarks') {
  console.log('== 商标检索（PostgreSQL，100 万件）==');
  await benchTrademarkSearch();
}
if (!only || only === 'archive') {
  console.log('== 商标档案（PostgreSQL，100 万件）==');
  await benchTrademarkArchive();
}
if (!only || only === 'archive-page') {
  console.log('== 商标档案页面（Chromium）==');
  await benchArchivePage();
}
