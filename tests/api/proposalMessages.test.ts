import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/server/notify/outbox.js';
import { sendDueApprovalReminders } from '../../src/server/demand/demandReminders.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { messagesOf, registrationForm } from './support/proposals.js';

interface ReceivedMail {
  to: string[];
  data: string;
}

/** An SMTP server of the test's own, keeping what it is sent (as tests/api/messageChannels.test.ts does). */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

/** Quoted-printable and base64 bodies as plain text, for looking into a received mail. */
function mailText(data: string): string {
  const body = data
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const b64 = body.replace(/\s+/g, '');
  if (/^[A-Za-z0-9+/=]+$/.test(b64) && b64.length > 20) return Buffer.from(b64, 'base64').toString('utf8');
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** Approvers are told in the product and, where the organisation set up e-mail, by e-mail; a step that waits too long is reminded once per period. */
describe.skipIf(skipThisDatabase)(`proposal messages and reminders (${dbKind})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const tokens = { corpAdmin: '', staff: '' };

  beforeAll(async () => {
    [server, smtp] = await Promise.all([startTestServer({}, { reminderIntervalMs: 0 }), startSmtp()]);
    tokens.corpAdmin = await server.signIn('corpAdmin');
    tokens.staff = await server.signIn('staff');
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  it('e-mails the approver through the organisation’s SMTP server, with the link to the phone page', async () => {
    await server.call(
      'messageSettings.save',
      { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpSecure: false, smtpFrom: '星辰日化 <ip@example.com>' },
      tokens.corpAdmin,
    );
    const draft = await server.call(
      'demand.demandManagement',
      { typeName: 'registrationProposal', title: '邮件通知', formData: registrationForm(500) },
      tokens.staff,
    );
    await server.call('demand.submitForApproval', { id: draft.id }, tokens.staff);
    expect((await messagesOf(server, tokens.corpAdmin))[0]).toMatchObject({
      title: `待审批：${draft.demandNo} 邮件通知`,
      link: `/mobile/demand?id=${draft.id}`,
    });

    await deliverDueMessages(server.database.db, server.services.credentials, new Date());
    const mail = smtp.mails.find((m) => m.to.includes('corpadmin@example.com'));
    expect(mail).toBeDefined();
    const text = mailText(mail!.data);
    expect(text).toContain('陈员工提交的商标注册提案“邮件通知”等待您在“部门负责人审批”审批');
    expect(text).toContain(`/mobile/demand?id=${draft.id}`);
  });

  it('reminds the approvers of a step once per waiting period, and not after it is decided', async () => {
    const draft = await server.call(
      'demand.demandManagement',
      { typeName: 'registrationProposal', title: '催办', formData: registrationForm(500) },
      tokens.staff,
    );
    await server.call('demand.submitForApproval', { id: draft.id }, tokens.staff);
    const reminders = async () => (await messagesOf(server, tokens.corpAdmin)).filter((m) => m.title === `催办：${draft.demandNo} 催办`);
    const hour = 3_600_000;
    // The department head's node reminds after 24 hours.
    await sendDueApprovalReminders(server.database.db, new Date(Date.now() + 23 * hour));
    expect(await reminders()).toHaveLength(0);
    await sendDueApprovalReminders(server.database.db, new Date(Date.now() + 25 * hour));
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]).toMatchObject({ link: `/mobile/demand?id=${draft.id}`, kind: 'reminder' });
    // The same period again, as a second server would: nothing more.
    expect(await sendDueApprovalReminders(server.database.db, new Date(Date.now() + 26 * hour))).toBe(0);
    expect(await reminders()).toHaveLength(1);
    await sendDueApprovalReminders(server.database.db, new Date(Date.now() + 49 * hour));
    expect(await reminders()).toHaveLength(2);
    await server.call('demand.demandApproval', { id: draft.id, decision: 'approve' }, tokens.corpAdmin);
    await sendDueApprovalReminders(server.database.db, new Date(Date.now() + 100 * hour));
    expect(await reminders()).toHaveLength(2);
  });
});
