/**
 * `npm run bench`: prints numbers, asserts nothing.
 *   1. server start time and memory, and the JavaScript the login page downloads (startup.ts);
 *   2. in Chromium, the generic table and a 300-field form against amis and rjsf (browser.ts);
 *   3. similar-name trademark search over a register of 1,000,000 marks on PostgreSQL (trademarkSearch.ts);
 *   4. the trademark archive at 1,000,000 marks on PostgreSQL (trademarkArchive.ts);
 *   5. the archive page in Chromium: opened from the menu and its tag switched back to, and 100 rows
 *      with custom-field columns (archivePage.ts);
 *   6. the server under 100 connections, and /api/health while a picture is decoded and an import written (load.ts);
 *   7. the case list at 100,000 cases on PostgreSQL (caseList.ts);
 *   8. a case page with 45 classes of goods in Chromium (casePage.ts);
 *   9. recognising uploaded letters: a text PDF, and a scanned page by OCR (letterRecognition.ts);
 *  10. the letters list at 200,000 letters on PostgreSQL (letterList.ts);
 *  11. the gazette watch: a week's publications (20,000) matched against 5,000 own marks on PostgreSQL (gazetteWatch.ts);
 *  12. the reports at 1,000,000 marks and 100,000 cases on PostgreSQL (reports.ts).
 * `npm run bench -- startup`, `-- browser`, `-- trademarks`, `-- archive`, `-- archive-page`, `-- load`, `-- cases`,
 * `-- case-page`, `-- recognition`, `-- letters`, `-- gazette` or `-- reports` runs one part;
 * `-- browser table` or `-- browser form` one half of the browser part; `-- archive-page menu` or
 * `-- archive-page rows` one half of the archive page, `--load N` with N busy processes beside it.
 */
import { benchStartup } from './startup.js';
import { benchInBrowser } from './browser.js';
import { benchTrademarkSearch } from './trademarkSearch.js';
import { benchTrademarkArchive } from './trademarkArchive.js';
import { benchArchivePage } from './archivePage.js';
import { benchLoad } from './load.js';
import { benchCaseList } from './caseList.js';
import { benchCasePage } from './casePage.js';
import { benchLetterRecognition } from './letterRecognition.js';
import { benchLetterList } from './letterList.js';
import { benchReports } from './reports.js';
import { benchGazetteWatch } from './gazetteWatch.js';

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
if (!only || only === 'load') {
  console.log('== 负载（PGlite 与 PostgreSQL）==');
  await benchLoad();
}
if (!only || only === 'cases') {
  console.log('== 案件列表（PostgreSQL，10 万件）==');
  await benchCaseList();
}
if (!only || only === 'case-page') {
  console.log('== 案件页面：45 个类别的商品（Chromium）==');
  await benchCasePage();
}
if (!only || only === 'recognition') {
  console.log('== 官文上传识别（PGlite）==');
  await benchLetterRecognition();
}
if (!only || only === 'letters') {
  console.log('== 官文列表（PostgreSQL，20 万件）==');
  await benchLetterList();
}
if (!only || only === 'reports') {
  console.log('== 报表（PostgreSQL，100 万件商标、10 万件案件）==');
  await benchReports();
}
if (!only || only === 'gazette') {
  console.log('== 公告监测（PostgreSQL，一周 2 万件公告 × 5,000 件商标）==');
  await benchGazetteWatch();
}
