import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/server/notify/outbox.js';
import { notifyEvent } from '../../src/server/notify/notifyEvent.js';
import { openChannelSecret, sealPlainChannelSecrets } from '../../src/server/notify/channelSecrets.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

interface ReceivedPost {
  url: string;
  body: Record<string, unknown>;
}

/** An SMTP server of the test's own, keeping what it is sent. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; mails: ReceivedMail[]; logins: { user: string; pass: string }[] }> {
  const mails: ReceivedMail[] = [];
  const logins: { user: string; pass: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      done(null, { user: auth.username });
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails, logins };
}

/** A robot webhook receiver answering with the statuses queued in `replies`, then 200 `{errcode: 0}`. */
async function startReceiver(): Promise<{ server: Server; port: number; posts: ReceivedPost[]; replies: number[] }> {
  const posts: ReceivedPost[] = [];
  const replies: number[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      posts.push({ url: req.url ?? '', body: JSON.parse(text || '{}') });
      const status = replies.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"errcode":0,"errmsg":"ok"}' : '{"errcode":500}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, posts, replies };
}

describe.skipIf(skipThisDatabase)(`message channels: e-mail and group robots (${dbKind})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: string;
  let orgId: number;
  let agentId: number;
  let adminId: number;

  beforeAll(async () => {
    [server, smtp, receiver] = await Promise.all([startTestServer(), startSmtp(), startReceiver()]);
    admin = await server.signIn('admin');
    const info = await server.call('auth.getUserInfo', {}, admin);
    orgId = info.organisation.id;
    adminId = info.id;
    agentId = (await server.call('user.list', { keyword: 'agent' }, admin)).list[0]!.id;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('starts with messages in the product only, and refuses e-mail or a robot that is not set up', async () => {
    const { channels, settings } = await server.call('messageSettings.get', {}, admin);
    expect(channels.map((c) => c.label)).toEqual([
      '期限提醒',
      '新官文',
      '待审批',
      '审批结果',
      '提案抄送',
      '评论与提及',
      '同事转发',
      '案件阶段变化',
      '批量任务完成',
    ]);
    expect(channels.every((c) => c.inApp && !c.email && !c.webhook)).toBe(true);
    expect(settings).toMatchObject({ smtpHost: null, smtpPasswordSet: false, webhookUrl: null });
    const event = { event: 'batchTaskFinished' as const, inApp: true, email: true, webhook: false, copyUserIds: [] };
    expect(await server.refused('/api/message/settings/channel', event, admin)).toBe('“批量任务完成”要发邮件，请先设置邮件服务器（SMTP）');
    expect(await server.refused('/api/message/settings/channel', { ...event, email: false, webhook: true }, admin)).toBe(
      '“批量任务完成”要发到群机器人，请先设置机器人地址',
    );
    const refused = await server.send('messageSettings.save', { webhookKind: 'dingtalk', webhookUrl: 'ftp://robot.example' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toContain('机器人地址');
    const corp = await server.signIn('corpAdmin');
    const staff = (await server.call('user.list', { keyword: 'staff' }, corp)).list[0]!.id;
    expect(await server.refused('/api/message/settings/channel', { ...event, email: false, copyUserIds: [staff] }, admin)).toBe(
      '抄送的用户中有不存在或已删除的用户',
    );
  });

  it('sends an event by e-mail to a real SMTP server and by a signed post to a DingTalk robot, after a failed post is retried', async () => {
    const saved = await server.call(
      'messageSettings.save',
      {
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecure: false,
        smtpFrom: '商标管理平台 <notice@example.com>',
        webhookKind: 'dingtalk',
        webhookUrl: `http://127.0.0.1:${receiver.port}/robot/send?access_token=abc`,
        webhookSecret: 'SECdemo',
      },
      admin,
    );
    expect(saved.settings).toMatchObject({ smtpHost: '127.0.0.1', webhookKind: 'dingtalk', webhookSecretSet: true, smtpPasswordSet: false });
    await server.call('messageSettings.saveChannel', { event: 'batchTaskFinished', inApp: true, email: true, webhook: true, copyUserIds: [agentId] }, admin);

    await server.database.db.transaction().execute((trx) =>
      notifyEvent(trx, {
        orgId,
        event: 'batchTaskFinished',
        userIds: [adminId],
        title: '批量商标合并已完成',
        content: '共 3 组。',
        link: '/brandManage/brandRecord',
      }),
    );
    const inbox = await server.database.db.selectFrom('messages').select(['user_id', 'title']).where('title', '=', '批量商标合并已完成').execute();
    expect(inbox.map((m) => m.user_id).sort()).toEqual([adminId, agentId].sort());

    receiver.replies.push(500);
    const now = new Date();
    expect(await deliverDueMessages(server.database.db, server.services.credentials, now)).toBe(2);
    expect(
      smtp.mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['admin@example.com', 'agent@example.com']);
    expect(smtp.mails[0]!.from).toBe('notice@example.com');
    expect(smtp.mails[0]!.data).toContain('Subject: =?UTF-8?');

    let outbox = await server.call('messageSettings.outbox', {}, admin);
    const robot = outbox.list.find((m) => m.channel === 'webhook')!;
    expect(robot).toMatchObject({ status: 'pending', attempts: 1, lastError: '群机器人返回 HTTP 500' });
    expect(outbox.list.filter((m) => m.channel === 'email').every((m) => m.status === 'sent')).toBe(true);

    // Not before its wait is over; then it goes.
    expect(await deliverDueMessages(server.database.db, server.services.credentials, new Date(now.getTime() + 30_000))).toBe(0);
    const later = new Date(now.getTime() + 61_000);
    expect(await deliverDueMessages(server.database.db, server.services.credentials, later)).toBe(1);
    outbox = await server.call('messageSettings.outbox', {}, admin);
    expect(outbox.list.find((m) => m.id === robot.id)).toMatchObject({ status: 'sent', attempts: 2 });

    const post = receiver.posts.at(-1)!;
    expect(post.body).toEqual({ msgtype: 'text', text: { content: '批量商标合并已完成\n共 3 组。\n\n查看：/brandManage/brandRecord' } });
    const url = new URL(post.url, 'http://robot');
    const timestamp = url.searchParams.get('timestamp')!;
    expect(timestamp).toBe(String(later.getTime()));
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', 'SECdemo').update(`${timestamp}\nSECdemo`).digest('base64'));
    expect(url.searchParams.get('access_token')).toBe('abc');
  });

  it('keeps the SMTP password and the robot secret encrypted, signs in with the password, and seals secrets saved in clear before', async () => {
    await server.call(
      'messageSettings.save',
      {
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpFrom: 'notice@example.com',
        smtpUser: 'notice',
        smtpPassword: 'mail-pass-2026',
        webhookSecret: 'SECdemo',
      },
      admin,
    );
    const stored = await server.database.db
      .selectFrom('message_settings')
      .select(['smtp_password', 'webhook_secret'])
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(stored.smtp_password).toMatch(/^v1:/);
    expect(stored.smtp_password).not.toContain('mail-pass');
    expect(stored.webhook_secret).toMatch(/^v1:/);

    await server.call('messageSettings.sendTest', { channel: 'email' }, admin);
    expect(await deliverDueMessages(server.database.db, server.services.credentials, new Date())).toBe(1);
    expect(smtp.logins.at(-1)).toEqual({ user: 'notice', pass: 'mail-pass-2026' });

    await server.database.db.updateTable('message_settings').set({ smtp_password: 'typed-in-clear' }).where('org_id', '=', orgId).execute();
    await sealPlainChannelSecrets(server.database.db, server.services.credentials);
    const sealed = await server.database.db
      .selectFrom('message_settings')
      .select(['smtp_password', 'webhook_secret'])
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(sealed.smtp_password).toMatch(/^v1:/);
    expect(openChannelSecret(server.services.credentials, orgId, 'smtp_password', sealed.smtp_password)).toBe('typed-in-clear');
    expect(sealed.webhook_secret).toBe(stored.webhook_secret);
    await server.call('messageSettings.save', { smtpUser: '' }, admin);
  });

  it('keeps an e-mail the server cannot take, marks it failed after the last attempt, and sends it again on request', async () => {
    const closed = await startSmtp();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    await server.call('messageSettings.save', { smtpPort: closed.port }, admin);
    await server.call('messageSettings.sendTest', { channel: 'email' }, admin);
    let at = Date.now();
    for (let attempt = 0; attempt < 6; attempt++) {
      await deliverDueMessages(server.database.db, server.services.credentials, new Date(at));
      at += 7 * 60 * 60_000;
    }
    let [failed] = (await server.call('messageSettings.outbox', { status: 'failed' }, admin)).list;
    expect(failed).toMatchObject({ event: 'test', subject: '测试消息', recipient: 'admin@example.com', attempts: 6, status: 'failed' });
    expect(failed!.lastError).toBeTruthy();

    await server.call('messageSettings.save', { smtpPort: smtp.port }, admin);
    await server.call('messageSettings.retry', { id: failed!.id }, admin);
    expect(await deliverDueMessages(server.database.db, server.services.credentials, new Date())).toBe(1);
    [failed] = (await server.call('messageSettings.outbox', {}, admin)).list.filter((m) => m.id === failed!.id);
    expect(failed).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.mails.at(-1)!.to).toEqual(['admin@example.com']);
    expect(await server.refused('/api/message/outbox/retry', { id: failed!.id }, admin)).toBe('这条消息已经发出，不需要重新发送');
  });

  it('keeps each organisation to its own settings and records; staff may not change them', async () => {
    const corp = await server.signIn('corpAdmin');
    const theirs = await server.call('messageSettings.get', {}, corp);
    expect(theirs.settings.smtpHost).toBeNull();
    expect((await server.call('messageSettings.outbox', {}, corp)).count).toBe(0);
    const ours = (await server.call('messageSettings.outbox', {}, admin)).list[0]!;
    expect((await server.send('messageSettings.retry', { id: ours.id }, corp)).statusCode).toBe(404);
    const staff = await server.signIn('staff');
    expect((await server.send('messageSettings.save', { smtpHost: 'evil.example' }, staff)).statusCode).toBe(403);
  });
});
