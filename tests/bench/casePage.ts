/**
 * A case page in Chromium: a domestic registration in all 45 classes, with goods counts per class as
 * applications have them (mostly the ten a class fee covers, some fewer, some more), taken from the
 * shipped classification, opened at the type's detail route (/brands/domesticDetail?caseNo=…) on the
 * real server with a PGlite directory. Timed from the start of the navigation to the first frame that
 * shows the last good of class 45, two ways, RUNS times each: a full page load (the scripts already
 * cached), and a move within the signed-in app from the workbench, as a link in the case list makes
 * it. Target (issue 35): ≤ 300 ms.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { CaseGoodsItem } from '../../src/generated/types.js';
import type { OperationRequest, OperationResponse } from '../../src/generated/client.js';
import { projectRoot } from '../../src/schemaSource/schemaFiles.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { postJson } from './postJson.js';

const port = Number(process.env.BENCH_CASE_PAGE_PORT ?? 3297);
const base = `http://localhost:${port}`;
const RUNS = 7;
const DETAIL_ROUTE = '/brands/domesticDetail';
/** Goods per class, class 1 first: ten (what one class fee covers) in most, fewer in some, more in a few. */
const GOODS_PER_CLASS = [10, 10, 8, 10, 12, 10, 6, 10, 20, 10, 10, 5, 10, 10, 8, 10, 10, 10, 10, 10, 10, 7, 10, 10, 15, 10, 10, 10, 10, 12];
const goodsIn = (classNo: number) => GOODS_PER_CLASS[(classNo - 1) % GOODS_PER_CLASS.length]!;

const call = <T>(path: string, body: unknown, token?: string) => postJson<T>(base, path, body, token);

type Children = OperationResponse<'classification.children'>;

/** The first `count` goods of a class from the classification, group by group, as the goods picker gives them. */
async function goodsOfClass(classNo: number, count: number): Promise<CaseGoodsItem[]> {
  const groups = await call<Children>('/api/classification/children', { parentNum: String(classNo), pageSize: 100 });
  const goods: CaseGoodsItem[] = [];
  for (const group of groups.list) {
    if (goods.length >= count) break;
    const items = await call<Children>('/api/classification/children', { parentNum: group.cgNum, pageSize: 100 });
    for (const item of items.list.slice(0, Math.min(3, count - goods.length))) goods.push({ tmCl: classNo, code: group.cgNum, name: item.cgName });
  }
  if (goods.length === 0) throw new Error(`分类表中没有第 ${classNo} 类的商品（分类表未导入？）`);
  return goods;
}

/** A domestic registration in all 45 classes; its case number and the last good of class 45. */
async function caseInAllClasses(token: string): Promise<{ caseNo: string; lastGood: string; goods: number }> {
  const goodsItem: CaseGoodsItem[] = [];
  for (let classNo = 1; classNo <= 45; classNo++) goodsItem.push(...(await goodsOfClass(classNo, goodsIn(classNo))));
  const marks = await call<OperationResponse<'brandArchives.queryBrandPage'>>('/brandArchives/queryBrandPage', { pageSize: 1 }, token);
  const request: OperationRequest<'caseManage.saveCase'> = {
    caseType: 'domesticRegistration',
    bizParam: {
      brandId: marks.list[0]!.id,
      tmType: 'general',
      priorityRadio: 'no',
      dplPriorityTm: '[]',
      coOwnerInfo: '[]',
      tmItems: [{ appCountry: 'CN', tmCl: Array.from({ length: 45 }, (_, i) => i + 1), goodsItem }],
      tmName: '青禾',
      form: { applicantName: '杭州青禾食品有限公司', applicantAddress: '浙江省杭州市西湖区文三路 90 号', markForm: 'word' },
    },
  };
  const saved = await call<OperationResponse<'caseManage.saveCase'>>('/caseManage/saveCase', request, token);
  return { caseNo: saved.caseNo, lastGood: goodsItem[goodsItem.length - 1]!.name, goods: goodsItem.length };
}

/**
 * Resolves, at the first frame after `name` is rendered in the page's main area (shown, not hidden),
 * to performance.now(): since the navigation began for a page load, or since `since` within the app.
 */
function shownAt(page: Page, name: string, since = 0): Promise<number> {
  return page
    .waitForFunction(
      ([text, start]) => {
        const main = document.querySelector('main') ?? document.body;
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const holder = node.parentElement;
          if (node.textContent?.includes(text) && holder && holder.getClientRects().length > 0) return performance.now() - start;
        }
        return false;
      },
      [name, since] as const,
      { polling: 'raf', timeout: 20_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => {
      throw new Error(`20 秒内页面上没有出现第 45 类的商品“${name}”：案件页面构件（CaseApplication）是否已在 ${DETAIL_ROUTE} 上？`);
    });
}

/** When the last call the page made since `since` was answered, counted from `since`. */
async function lastAnswerSince(page: Page, since: number): Promise<number> {
  const ends = await page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch' && e.startTime >= from)
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    since,
  );
  return ends.length ? Math.max(...ends) - since : 0;
}

export async function benchCasePage(): Promise<void> {
  if (!existsSync(join(projectRoot, 'dist', 'web', 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ipm-bench-case-page-'));
  const env = { ...process.env, DATA_DIR: dataDir, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', LOGIN_SLOWDOWN_MS: '0' };
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts'], { cwd: projectRoot, env, stdio: 'ignore' });
  const server = await startServerProcess(port, env);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const { username, password, name } = DEMO_ACCOUNTS.admin;
    const login = await call<{ token: string }>('/loginPage/login', { username, password: Buffer.from(password).toString('base64'), encryptionType: 'base64' });
    const log = await call<{ unreadVersion: string | null }>('/api/queryTheReleaseLog', {}, login.token);
    if (log.unreadVersion) await call('/api/setUpTheReleaseLog', { version: log.unreadVersion }, login.token);
    const { caseNo, lastGood, goods } = await caseInAllClasses(login.token);
    const url = `${DETAIL_ROUTE}?caseNo=${caseNo}`;
    console.log(`案件 ${caseNo}：45 个类别共 ${goods} 项商品；打开 ${url}，各 ${RUNS} 次`);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('请输入账号').fill(username);
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByPlaceholder('请输入密码').press('Enter');
    await page.getByTestId('current-user').getByText(name).waitFor();
    // Once untimed, so the page's scripts are cached as after any earlier visit.
    await page.goto(`${base}${url}`);
    await shownAt(page, lastGood);

    const loads: number[] = [];
    const moves: number[] = [];
    const answers: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${base}${url}`, { waitUntil: 'commit' });
      loads.push(await shownAt(page, lastGood));
      // Within the app: from the workbench, the router moves to the case as a link click does.
      await page.goto(`${base}/deal`);
      await page.waitForLoadState('networkidle');
      const start = await page.evaluate((to) => {
        const at = performance.now();
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: {} }));
        return at;
      }, url);
      moves.push(await shownAt(page, lastGood, start));
      answers.push(await lastAnswerSince(page, start));
    }
    await page.screenshot({ path: join(tmpdir(), 'ipm-bench-case-page.png') });
    await context.close();
    const report = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return { text: `p50 ${p(0.5).toFixed(0)} ms，p99 ${p(0.99).toFixed(0)} ms（${values.map((v) => v.toFixed(0)).join(' / ')}）`, p99: p(0.99) };
    };
    const load = report(loads);
    const move = report(moves);
    const verdict = (ms: number) => (ms <= 300 ? '达标' : '未达标');
    console.log(`整页打开（脚本已缓存），到第 45 类的商品显示：${load.text}；目标 ≤ 300 ms，${verdict(load.p99)}`);
    console.log(`在应用内从工作台转到案件页面，到第 45 类的商品显示：${move.text}；目标 ≤ 300 ms，${verdict(move.p99)}`);
    console.log(`  其中到最后一个调用应答：${report(answers).text}`);
  } finally {
    await browser.close();
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
