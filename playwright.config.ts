import { defineConfig } from '@playwright/test';
import { E2E_SSO_SECRET } from './tests/e2e/ssoSecret.js';

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    command: 'node --import tsx src/server/start.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      DATA_DIR: 'memory://',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      LOGIN_SLOWDOWN_MS: '0',
      SSO_SECRET: E2E_SSO_SECRET,
      EXTERNAL_TOOLS: JSON.stringify({ dplsearch1: 'https://search.example.invalid/trademark' }),
    },
  },
});
