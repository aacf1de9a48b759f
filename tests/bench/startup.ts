/**
 * Server start: time from starting the server to the login page being served, and the
 * server's memory after start, on PGlite. Targets (issue 2): ≤ 3 s after build, ≤ 400 MB.
 * Two starts are measured: the first migrates and seeds an empty database, the second is an
 * ordinary start. Also the JavaScript the built login page downloads before sign-in (gzip),
 * target ≤ 350 kB (signInDownload.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../src/schemaSource/schemaFiles.js';
import { SERVER_START_ARGS } from '../serverStartArgs.js';
import { javaScriptBeforeSignIn, SIGN_IN_JS_TARGET_BYTES } from './signInDownload.js';

const port = 3290;

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function loginPageServed(): Promise<boolean> {
  try {
    const res = await fetch(`http://localhost:${port}/login`, { headers: { accept: 'text/html' } });
    return res.ok && (await res.text()).includes('<div id="root">');
  } catch {
    return false;
  }
}

async function measureStart(dataDir: string): Promise<{ seconds: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_START_ARGS, {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    const deadline = started + 60_000;
    while (!(await loginPageServed())) {
      if (performance.now() > deadline || child.exitCode !== null) throw new Error('服务未能启动');
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    await sleep(500);
    return { seconds, rss: rssMegabytes(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function benchStartup(): Promise<void> {
  if (!existsSync(join(projectRoot, 'dist', 'web', 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
  }
  const verdict = (ok: boolean) => (ok ? '达标' : '未达标');
  const signIn = javaScriptBeforeSignIn(join(projectRoot, 'dist', 'web'));
  console.log(
    `登录前下载的 JavaScript（gzip）：${(signIn.bytes / 1000).toFixed(1)} kB，${signIn.files.length} 个文件（目标 ≤ ${SIGN_IN_JS_TARGET_BYTES / 1000} kB，${verdict(signIn.bytes <= SIGN_IN_JS_TARGET_BYTES)}）`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'ipm-bench-'));
  try {
    const first = await measureStart(dataDir);
    const second = await measureStart(dataDir);
    console.log(`首次启动（迁移并写入演示数据）：${first.seconds.toFixed(2)} s，内存 ${first.rss.toFixed(0)} MB`);
    console.log(
      `再次启动：${second.seconds.toFixed(2)} s（目标 ≤ 3 s，${verdict(second.seconds <= 3)}），内存 ${second.rss.toFixed(0)} MB（目标 ≤ 400 MB，${verdict(second.rss <= 400)}）`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
