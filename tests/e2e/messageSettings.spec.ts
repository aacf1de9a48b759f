import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

test('an administrator sets the mail server, turns e-mail on for an event and a test e-mail arrives', async ({ page }) => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  try {
    await openSignedIn(page, 'corpAdmin', '/system/message');
    const events = page.locator('.ipm-generic-table').filter({ hasText: '各事件的通知方式' });
    // Every event but the test message.
    await expect(events.locator('tbody tr.ant-table-row')).toHaveCount(9);
    const batch = events.locator('tbody tr.ant-table-row').filter({ hasText: '批量任务完成' });

    // E-mail needs a mail server first.
    await batch.getByRole('button', { name: '设置' }).click();
    let dialog = page.getByRole('dialog', { name: '通知方式：批量任务完成' });
    await dialog.getByRole('switch').nth(1).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('“批量任务完成”要发邮件，请先设置邮件服务器（SMTP）')).toBeVisible();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByRole('tab', { name: '邮件与群机器人' }).click();
    const smtpCard = page.locator('.ant-card').filter({ hasText: '邮件服务器（SMTP）' });
    await smtpCard.getByLabel('SMTP 服务器').fill('127.0.0.1');
    await smtpCard.getByLabel('SMTP 端口').fill(String(port));
    await smtpCard.getByLabel('发件人').fill('星辰日化 <ip@example.com>');
    await smtpCard.getByRole('button', { name: '保存邮件服务器' }).click();
    await expect(page.getByText('邮件服务器已保存')).toBeVisible();

    await page.getByRole('tab', { name: '通知方式' }).click();
    await batch.getByRole('button', { name: '设置' }).click();
    dialog = page.getByRole('dialog', { name: '通知方式：批量任务完成' });
    await dialog.getByRole('switch').nth(1).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('通知方式已保存')).toBeVisible();
    await expect(batch.locator('td').nth(2)).toHaveText('发送');

    await page.getByRole('tab', { name: '邮件与群机器人' }).click();
    await expect(smtpCard.getByLabel('SMTP 服务器')).toHaveValue('127.0.0.1');
    await smtpCard.getByRole('button', { name: '发送测试邮件' }).click();
    await page
      .getByRole('dialog', { name: '发送测试邮件' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('测试消息已加入发送队列，几秒后可在“发送记录”中查看结果')).toBeVisible();

    await page.getByRole('tab', { name: '发送记录' }).click();
    const record = page.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: '测试消息' });
    await expect(async () => {
      await page.locator('.ipm-generic-table').getByRole('button', { name: /刷新/ }).click();
      await expect(record).toContainText('已发送', { timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expect(record).toContainText('corpadmin@example.com');
    expect(received).toEqual(['corpadmin@example.com']);
    await page.screenshot({ path: '/tmp/message-outbox.png', fullPage: true });
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
