import { expect, test } from './serverPerWorker.js';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from './support.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const BASE = `http://localhost:${PORT}`;

test.use({ baseURL: BASE });

let server: ChildProcess | undefined;
let schemasDir = '';

// The developer's path: one schema file more, nothing else changed, not even a build.
test.beforeAll(async () => {
  schemasDir = mkdtempSync(join(tmpdir(), 'ipm-schemas-'));
  cpSync('schemas', schemasDir, { recursive: true });
  const page = {
    path: '/deal/weekly',
    title: '本周概要',
    menuKey: 'workbench',
    order: 9,
    body: {
      type: 'object',
      properties: {
        heading: { type: 'void', 'x-component': 'Title', 'x-component-props': { level: 4 }, 'x-content': '本周概要' },
        messages: {
          type: 'void',
          'x-component': 'OperationList',
          'x-component-props': { operation: 'home.getMessageList', titleField: 'title', summary: '未读 {unread} 条' },
        },
      },
    },
  };
  writeFileSync(join(schemasDir, 'pages', 'workbench', 'deal-weekly.json'), JSON.stringify(page, null, 2));
  server = await startServerProcess(PORT, {
    ...process.env,
    DATA_DIR: 'memory://',
    SKIP_WEB_BUILD: '1',
    LOG_LEVEL: 'warn',
    LOGIN_SLOWDOWN_MS: '0',
    SCHEMAS_DIR: schemasDir,
  });
});

test.afterAll(async () => {
  if (server) await stopServerProcess(server);
  rmSync(schemasDir, { recursive: true, force: true });
});

test('a new page file is a new route and menu entry with no other change', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'staff');
  await page.locator('.ipm-sider').getByText('本周概要').click();
  await expect(page).toHaveURL(`${BASE}/deal/weekly`);
  await expect(page.getByRole('heading', { name: '本周概要' })).toBeVisible();
  await expect(page.getByText(/^未读 \d+ 条$/)).toBeVisible();
  await expect(page).toHaveTitle(/^本周概要/);
});
