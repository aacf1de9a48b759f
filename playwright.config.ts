import { defineConfig } from '@playwright/test';
import { e2eServerPort, e2eWorkers } from './tests/e2e/e2eServers.js';
import { E2E_SSO_SECRET } from './tests/e2e/ssoSecret.js';
import { SERVER_START_ARGS } from './tests/serverStartArgs.js';

export default defineConfig({
  testDir: 'tests/e2e',
  // Room for a slow two-core machine running two servers and two browsers at once: a page waited for is
  // still checked, only waited for longer (the longest tests take about a minute there).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: e2eWorkers,
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    // Dialogs and lists appear at once (the product honours reduced motion), so a click never lands mid-animation.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium; the test runner never downloads a browser of its own.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // A server on its own in-memory database for each worker (the worker's baseURL, set in serverPerWorker.ts).
  webServer: Array.from({ length: e2eWorkers }, (_, index) => ({
    command: ['node', ...SERVER_START_ARGS].join(' '),
    url: `http://localhost:${e2eServerPort(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(e2eServerPort(index)),
      DATA_DIR: 'memory://',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      LOGIN_SLOWDOWN_MS: '0',
      SSO_SECRET: E2E_SSO_SECRET,
      EXTERNAL_TOOLS: JSON.stringify({ dplsearch1: 'https://search.example.invalid/trademark' }),
    },
  })),
});
