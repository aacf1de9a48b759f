/**
 * Building blocks measured in Chromium on pages built by Vite from tests/bench (production React):
 *   - the real GenericTable, 100 rows × 50 columns: first render (target ≤ 300 ms);
 *   - 10,000 rows with virtual rows scrolled top to bottom: frames over 16.7 ms and long tasks;
 *   - the same 300-field form by our Formily runtime, by amis and by rjsf: first render (target
 *     ≤ 0.7 × the faster of the two) and script time per keystroke (target ≤ 16 ms).
 * amis and rjsf live in tests/bench/forms with their own package.json, installed here on first use.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { projectRoot } from '../../src/schemaSource/schemaFiles.js';
import { SCROLL_BODY, type ScrollReport } from './blocks/scrollReport.js';

const benchDir = join(projectRoot, 'tests', 'bench');
const formsDir = join(benchDir, 'forms');
const port = 3292;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? '达标' : '未达标');

function installFormLibraries(): void {
  if (existsSync(join(formsDir, 'node_modules', 'amis')) && existsSync(join(formsDir, 'node_modules', '@rjsf', 'antd'))) return;
  console.log('安装表单对照库（amis、rjsf，只在 tests/bench/forms 中）…');
  execFileSync('npm', ['install', '--prefix', formsDir, '--no-audit', '--no-fund', '--legacy-peer-deps'], { stdio: 'inherit' });
}

interface Timing {
  /** Wall-clock milliseconds from the render call to the first frame showing the content. */
  millis: number;
  /** Main-thread CPU milliseconds spent meanwhile: what the page costs, whatever else the machine runs. */
  cpu: number;
}

/** Opens a bench page, lets its code load, then renders and waits for the first frame showing the content. */
async function firstRender(browser: Browser, path: string): Promise<{ page: Page } & Timing> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error(`${path}: ${error.message}`));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const cpuMillis = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
  await page.goto(`http://localhost:${port}/${path}`);
  await page.waitForFunction(() => window.benchRender !== undefined, null, { timeout: 120_000, polling: 50 });
  await page.waitForTimeout(200);
  const before = await cpuMillis();
  await page.evaluate(() => window.benchRender!());
  await page.waitForFunction(() => window.benchFirstRender !== undefined, null, { timeout: 120_000, polling: 50 });
  const cpu = (await cpuMillis()) - before;
  await cdp.detach();
  return { page, millis: await page.evaluate(() => window.benchFirstRender!), cpu };
}

const medianTiming = (runs: Timing[]): Timing => ({ millis: median(runs.map((r) => r.millis)), cpu: median(runs.map((r) => r.cpu)) });

async function medianFirstRender(browser: Browser, path: string): Promise<Timing> {
  const runs: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { page, millis, cpu } = await firstRender(browser, path);
    runs.push({ millis, cpu });
    await page.close();
  }
  return medianTiming(runs);
}

const timing = (t: Timing) => `${ms(t.millis)}（主线程 CPU ${ms(t.cpu)}）`;

/** Scrolls the body from the top to the bottom (see blocks/scrollReport.ts), with the main thread's CPU time per frame. */
async function scrollThrough(page: Page, step: number): Promise<ScrollReport & { cpuPerFrame: number }> {
  await page.evaluate((selector) => {
    document.querySelector<HTMLElement>(selector)!.scrollTop = 0;
  }, SCROLL_BODY);
  await page.waitForTimeout(300);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const cpuMillis = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
  const before = await cpuMillis();
  const report = await page.evaluate((px) => window.benchScroll!(px), step);
  const cpu = (await cpuMillis()) - before;
  await cdp.detach();
  return { ...report, cpuPerFrame: cpu / report.frames };
}

/** Main-thread script time per keystroke typed into the form's first text field. */
async function scriptPerKeystroke(browser: Browser, path: string): Promise<number> {
  const { page } = await firstRender(browser, path);
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')!.value;
  const input = page.locator('input[type=text], input:not([type])').first();
  await input.click();
  await page.waitForTimeout(300);
  const text = 'trademark name for the bench form';
  const before = await scriptSeconds();
  for (const key of text) await page.keyboard.press(key === ' ' ? 'Space' : key);
  await page.waitForTimeout(300);
  const perKey = (((await scriptSeconds()) - before) * 1000) / text.length;
  const typed = await input.inputValue();
  if (typed !== text) console.warn(`${path}: 输入框中是“${typed}”`);
  await page.close();
  return perKey;
}

/** Both halves, or only `table` or `form` (`npm run bench -- browser table`). */
export async function benchInBrowser(part?: string): Promise<void> {
  installFormLibraries();
  const { build, preview } = await import('vite');
  const configFile = join(benchDir, 'vite.config.ts');
  await build({ configFile, logLevel: 'error' });
  const server = await preview({ configFile, logLevel: 'error', preview: { port, strictPort: true, host: '127.0.0.1' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    if (part !== 'form') await benchTable(browser);
    if (part !== 'table') await benchForm(browser);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

async function benchTable(browser: Browser): Promise<void> {
  const table = await medianFirstRender(browser, 'blocks/table.html?rows=100&cols=50');
  console.log(`通用表格 100 行 × 50 列首次渲染：${timing(table)}（${RUNS} 次中位数，超过 50 行用虚拟滚动；目标 ≤ 300 ms，${verdict(table.millis <= 300)}）`);
  const everyRow = await medianFirstRender(browser, 'blocks/table.html?rows=100&cols=50&virtual=0');
  const bare = await medianFirstRender(browser, 'blocks/table.html?rows=100&cols=50&bare=1');
  console.log(`  对照：同一表格渲染全部 100 行 ${timing(everyRow)}；antd Table 本身（纯文字、无固定列与按钮）${timing(bare)}`);

  const { page: virtualPage, ...virtualRender } = await firstRender(browser, 'blocks/table.html?rows=10000&cols=10');
  console.log(`通用表格 10,000 行（虚拟滚动）首次渲染：${timing(virtualRender)}`);
  // 120 px a frame is a brisk wheel or trackpad scroll (7,200 px/s); 600 px a frame a hard fling, every row new each frame.
  for (const step of [120, 600]) {
    const scroll = await scrollThrough(virtualPage, step);
    console.log(
      `  从顶滚到底（每帧 ${step} px）：${scroll.frames} 帧 / ${scroll.seconds.toFixed(1)} s，超过 16.7 ms 的帧 ${scroll.slow} 个，折合丢帧 ${scroll.dropped}，最长一帧 ${ms(scroll.worst)}，长任务 ${scroll.longTasks} 个共 ${ms(scroll.longTaskMillis)}，每帧主线程 CPU ${ms(scroll.cpuPerFrame)}，最后一行序号 ${scroll.lastRow}`,
    );
  }
  await virtualPage.close();

  // The control: the same scroll over an empty box of the same height.
  const { page: emptyPage } = await firstRender(browser, 'blocks/table.html?rows=10000&cols=10&empty=1');
  for (const step of [120, 600]) {
    const scroll = await scrollThrough(emptyPage, step);
    console.log(
      `  对照：同样高度的空白滚动区域（无行，除滚动外不运行脚本），每帧 ${step} px：超过 16.7 ms 的帧 ${scroll.slow} 个（共 ${scroll.frames} 帧），最长一帧 ${ms(scroll.worst)}`,
    );
  }
  await emptyPage.close();
}

/** Form renders per library: more than the table's, since the three are compared with each other. */
const FORM_RUNS = 9;

/**
 * First renders of the three forms taken in turns (ours, amis, rjsf, ours, …), so a machine that
 * slows down or speeds up meanwhile weighs on all three alike rather than on whichever ran then.
 */
async function formRenders(browser: Browser): Promise<{ ours: Timing[]; amis: Timing[]; rjsf: Timing[] }> {
  const runs = { ours: [] as Timing[], amis: [] as Timing[], rjsf: [] as Timing[] };
  for (let i = 0; i < FORM_RUNS; i++) {
    for (const name of ['ours', 'amis', 'rjsf'] as const) {
      const { page, millis, cpu } = await firstRender(browser, `forms/${name}.html`);
      runs[name].push({ millis, cpu });
      await page.close();
    }
  }
  return runs;
}

async function benchForm(browser: Browser): Promise<void> {
  const runs = await formRenders(browser);
  const [ours, amis, rjsf] = [medianTiming(runs.ours), medianTiming(runs.amis), medianTiming(runs.rjsf)];
  const faster = Math.min(amis.millis, rjsf.millis);
  const fasterCpu = Math.min(amis.cpu, rjsf.cpu);
  // Each round's own ratio shows how far the machine's noise moves the figure.
  const roundRatios = runs.ours.map((o, i) => o.millis / Math.min(runs.amis[i]!.millis, runs.rjsf[i]!.millis)).sort((a, b) => a - b);
  console.log(`300 个字段的表单首次渲染（三者轮流各 ${FORM_RUNS} 次，中位数）：本项目 ${timing(ours)}，amis ${timing(amis)}，rjsf ${timing(rjsf)}`);
  console.log(
    `  本项目 / 较快者 = ${(ours.millis / faster).toFixed(2)}，按主线程 CPU ${(ours.cpu / fasterCpu).toFixed(2)}（目标 ≤ 0.7，${verdict(ours.millis <= 0.7 * faster)}）`,
  );
  console.log(`  各轮的比值：${roundRatios.map((r) => r.toFixed(2)).join('、')}`);
  const keyOurs = await scriptPerKeystroke(browser, 'forms/ours.html');
  const keyAmis = await scriptPerKeystroke(browser, 'forms/amis.html');
  const keyRjsf = await scriptPerKeystroke(browser, 'forms/rjsf.html');
  console.log(`每次按键的脚本时间：本项目 ${ms(keyOurs)}（目标 ≤ 16 ms，${verdict(keyOurs <= 16)}），amis ${ms(keyAmis)}，rjsf ${ms(keyRjsf)}`);
}
