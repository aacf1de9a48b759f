import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/server/notify/outbox.js';
import { sendDueDeadlineReminders } from '../../src/server/officials/deadlineReminders.js';
import { createIsolatedDatabase, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes RFC 2047 words of a header (nodemailer writes B or Q). */
function decodeWords(header: string): string {
  return header.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The subject and text of a single-part mail as nodemailer sends a text body. */
function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { subject: decodeWords(header('Subject')), text };
}

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
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(data) });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

/** Beijing time as an instant. */
const beijing = (text: string) => new Date(`${text}+08:00`);

describe.skipIf(skipThisDatabase)(`letters' deadline reminders and the deadline calendar (${dbKind})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let orgId: number;
  let adminId: number;
  let agentId: number;
  let mark: { id: number; tm_name: string; app_no: string };
  let handledLetter = 0;
  /** The server's own clock: its reminder job runs every 100 ms at this instant. */
  let clock = beijing('2031-01-01T00:00:00');

  beforeAll(async () => {
    [server, smtp] = await Promise.all([startTestServer({}, { reminderIntervalMs: 100, clock: () => clock }), startSmtp()]);
    admin = await server.signIn('admin');
    const info = await server.call('auth.getUserInfo', {}, admin);
    orgId = info.organisation.id;
    adminId = info.id;
    agentId = (await server.call('user.list', { keyword: 'agent' }, admin)).list[0]!.id;
    mark = await server.database.db
      .selectFrom('brand_archives')
      .select(['id', 'tm_name', 'app_no'])
      .where('org_id', '=', orgId)
      .where('tm_name', '<>', '')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // the mark's owner is one of the letter's responsible people
    await server.database.db.updateTable('brand_archives').set({ owner_user_id: agentId }).where('id', '=', mark.id).execute();
    await server.call(
      'messageSettings.save',
      { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpSecure: false, smtpFrom: '商标管理平台 <notice@example.com>' },
      admin,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  /** A pending letter of the mark recorded by admin, far enough ahead that the demo letters are out of the way. */
  async function letter(documentType: string, officialLimit: string | null, handlingLimit: string | null): Promise<number> {
    const row = await server.database.db
      .insertInto('official_documents')
      .values({
        org_id: orgId,
        brand_archive_id: mark.id,
        document_type: documentType,
        app_no: mark.app_no,
        receive_date: '2031-02-01',
        official_limit: officialLimit,
        handling_limit: handlingLimit,
        created_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const sentFor = async (documentId: number) =>
    (
      await server.database.db
        .selectFrom('official_deadline_reminders')
        .select(['deadline_kind', 'lead', 'user_ids'])
        .where('document_id', '=', documentId)
        .execute()
    ).sort((a, b) => `${a.deadline_kind}/${a.lead}`.localeCompare(`${b.deadline_kind}/${b.lead}`, 'en'));

  it('shows and saves the lead times, refusing ones that are not offered', async () => {
    const { settings } = await server.call('messageSettings.get', {}, admin);
    expect(settings).toMatchObject({
      officialReminderLeads: ['提前2周', '提前1周', '提前2天', '当天'],
      handlingReminderLeads: ['提前2周', '提前1周', '提前2天', '当天'],
      reminderTime: '09:00',
    });
    // with an SMTP server set and the event never saved, deadline reminders go by e-mail too
    const { channels } = await server.call('messageSettings.get', {}, admin);
    expect(channels.find((c) => c.event === 'deadlineReminder')).toMatchObject({ inApp: true, email: true });
    const refused = await server.post('/api/message/settings/save', { officialReminderLeads: ['提前3天'] }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toContain('官方期限提醒');
    const badHour = await server.post('/api/message/settings/save', { reminderTime: '09:30' }, admin);
    expect(badHour.statusCode).toBe(422);
    const saved = await server.call('messageSettings.save', { officialReminderLeads: ['提前1个月', '当天'], reminderTime: '08:00' }, admin);
    expect(saved.settings).toMatchObject({ officialReminderLeads: ['提前1个月', '当天'], reminderTime: '08:00', smtpHost: '127.0.0.1' });
    await server.call('messageSettings.save', { officialReminderLeads: ['提前2周', '提前1周', '提前2天', '当天'], reminderTime: '09:00' }, admin);
  });

  it('reminds the responsible people in the product and by e-mail once per lead time, catching up on what fell due unsent', async () => {
    const id = await letter('驳回通知书', '2031-03-17', '2031-03-10');
    // Nothing is due three and a half weeks ahead.
    await sendDueDeadlineReminders(server.database.db, beijing('2031-02-20T10:00:00'));
    expect(await sentFor(id)).toEqual([]);

    // No run for two weeks: the official deadline's 2-week reminder and the handling deadline's 1-week one
    // are owed; the handling deadline's missed 2-week reminder is not sent on top.
    const t1 = beijing('2031-03-04T10:00:00');
    await Promise.all([sendDueDeadlineReminders(server.database.db, t1), sendDueDeadlineReminders(server.database.db, t1)]);
    await sendDueDeadlineReminders(server.database.db, new Date(t1.getTime() + 60_000));
    const sent = await sentFor(id);
    expect(sent.map((r) => `${r.deadline_kind}/${r.lead}`)).toEqual(['handling/提前1周', 'official/提前2周']);
    expect([...sent[0]!.user_ids].sort()).toEqual([adminId, agentId].sort());

    const title = `【官方期限】驳回通知书 · ${mark.tm_name} · ${mark.app_no}`;
    const inbox = await server.call('home.getMessageList', { pageSize: 50 }, admin);
    const mine = inbox.list.filter((m) => m.title === title);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.content).toContain('官方期限为 2031-03-17，还有 13 天');
    expect(mine[0]!.link).toBe('/brand/filesAll');
    const agentMessages = await server.database.db
      .selectFrom('messages')
      .select('title')
      .where('user_id', '=', agentId)
      .where('title', 'like', '【%期限】驳回通知书%')
      .execute();
    expect(agentMessages.map((m) => m.title).sort()).toEqual([title, `【办理期限】驳回通知书 · ${mark.tm_name} · ${mark.app_no}`].sort());

    await deliverDueMessages(server.database.db, server.services.credentials, new Date(t1.getTime() + 120_000));
    const mails = smtp.mails.filter((m) => m.subject === title);
    expect(
      mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['admin@example.com', 'agent@example.com']);
    expect(mails[0]!.text).toContain('官方期限为 2031-03-17');
    expect(mails[0]!.text).toContain('/brand/filesAll');

    // The next lead falls due: one more reminder for the official deadline, and again only once.
    const t2 = beijing('2031-03-10T09:30:00');
    await sendDueDeadlineReminders(server.database.db, t2);
    await sendDueDeadlineReminders(server.database.db, t2);
    expect((await sentFor(id)).map((r) => `${r.deadline_kind}/${r.lead}`)).toEqual([
      'handling/当天',
      'handling/提前1周',
      'official/提前1周',
      'official/提前2周',
    ]);
    const dayOf = await server.call('home.getMessageList', { pageSize: 50 }, admin);
    expect(dayOf.list.find((m) => m.title.startsWith('【办理期限】驳回通知书'))!.content).toContain('就是今天');

    // Once the deadline has passed nothing more is sent.
    await sendDueDeadlineReminders(server.database.db, beijing('2031-03-18T10:00:00'));
    expect(await sentFor(id)).toHaveLength(4);
  });

  it('stops reminding once a letter is handled or ignored', async () => {
    const handled = await letter('补正通知书', '2031-06-30', null);
    const ignored = await letter('审查意见书', '2031-06-30', null);
    await sendDueDeadlineReminders(server.database.db, beijing('2031-06-17T10:00:00'));
    expect(await sentFor(handled)).toHaveLength(1);
    await server.database.db.updateTable('official_documents').set({ status: 1 }).where('id', '=', handled).execute();
    await server.database.db.updateTable('official_documents').set({ status: 2 }).where('id', '=', ignored).execute();
    await sendDueDeadlineReminders(server.database.db, beijing('2031-06-29T10:00:00'));
    await sendDueDeadlineReminders(server.database.db, beijing('2031-06-30T10:00:00'));
    expect(await sentFor(handled)).toHaveLength(1);
    expect(await sentFor(ignored)).toHaveLength(1);
    handledLetter = handled;
  });

  it('is sent by the server’s own periodic job as its clock moves', async () => {
    const id = await letter('异议答辩通知书', '2031-12-15', null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sentFor(id)).toEqual([]);
    clock = beijing('2031-12-02T10:00:00');
    await expect.poll(async () => (await sentFor(id)).map((r) => r.lead), { timeout: 10_000 }).toEqual(['提前2周']);
    const inbox = await server.call('home.getMessageList', { pageSize: 50 }, admin);
    expect(inbox.list.filter((m) => m.title.startsWith('【官方期限】异议答辩通知书'))).toHaveLength(1);
  });

  it('serves each user an iCalendar feed of their deadlines at a secret address that renewing replaces', async () => {
    const pending = await letter('不予注册决定书', '2031-09-15', '2031-09-08');
    // an open case admin handles, in a stage with a deadline
    const openCase = await sql<{ id: number }>`
      insert into cases (org_id, case_no, case_type, status, stage, tm_name, handler_user_id)
      values (${orgId}, 'AJ2031120200001', 'rejectRecheck', 'processing', 'supplement', '星辰', ${adminId}) returning id
    `.execute(server.database.db);
    await server.database.db
      .insertInto('case_stage_records')
      .values({ org_id: orgId, case_id: openCase.rows[0]!.id, stage: 'supplement', stage_title: '补正', deadline: '2031-12-20', left_at: null })
      .execute();
    const feed = await server.call('calendarFeed.get', {}, admin);
    expect(feed.url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await server.call('calendarFeed.get', {}, admin)).url).toBe(feed.url);
    const path = new URL(feed.url).pathname;

    const res = await server.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const text = res.body.replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`SUMMARY:【官方期限】不予注册决定书 · ${mark.tm_name} · ${mark.app_no}`);
    expect(text).toContain(`SUMMARY:【办理期限】不予注册决定书 · ${mark.tm_name} · ${mark.app_no}`);
    expect(text).toContain('DTSTART;VALUE=DATE:20310915');
    expect(text).toContain('DTEND;VALUE=DATE:20310916');
    expect(text).toContain(`UID:official-${pending}-official@ipm`);
    // a handled letter's deadlines are not in it
    expect(handledLetter).toBeGreaterThan(0);
    expect(text).not.toContain(`UID:official-${handledLetter}-`);
    expect(text).toContain('SUMMARY:【案件期限】补正 · 星辰 · AJ2031120200001');
    expect(text).toContain('DTSTART;VALUE=DATE:20311220');

    // Someone else's feed holds only their own letters: staff is responsible for none of these.
    const staff = await server.signIn('staff');
    const staffFeed = await server.call('calendarFeed.get', {}, staff);
    expect(staffFeed.url).not.toBe(feed.url);
    const theirs = await server.app.inject({ method: 'GET', url: new URL(staffFeed.url).pathname });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('不予注册决定书');

    const renewed = await server.call('calendarFeed.renew', {}, admin);
    expect(renewed.url).not.toBe(feed.url);
    expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).body).toContain('不予注册决定书');
    expect((await server.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
  });
});

describe.skipIf(skipThisDatabase)(`letters' deadline reminders across server processes and a restart (${dbKind})`, () => {
  let dataDir: string | null = null;
  let shared: { url: string; drop(): Promise<void> } | null = null;
  const servers: TestServer[] = [];
  let clock = beijing('2032-01-01T00:00:00');

  beforeAll(async () => {
    if (dbKind === 'postgres') shared = await createIsolatedDatabase();
    else dataDir = mkdtempSync(join(tmpdir(), 'ipm-reminders-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await shared?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A server on the shared database whose reminder job runs every 50 ms at `clock`. */
  const start = async () => {
    const s = await startTestServer(shared ? { databaseUrl: shared.url } : { dataDir: dataDir! }, { reminderIntervalMs: 50, clock: () => clock });
    servers.push(s);
    return s;
  };
  const stop = async (s: TestServer) => {
    await s.stop();
    servers.splice(servers.indexOf(s), 1);
  };

  it('sends each reminder once with two processes running the job, and after a restart sends what fell due while none ran', async () => {
    const first = await start();
    // PGlite is one process's database: the second process exists only on PostgreSQL.
    const second = shared ? await start() : null;
    const admin = await first.signIn('admin');
    const info = await first.call('auth.getUserInfo', {}, admin);
    const letter = await first.database.db
      .insertInto('official_documents')
      .values({
        org_id: info.organisation.id,
        document_type: '补正通知书',
        app_no: 'R2032',
        receive_date: '2032-01-01',
        official_limit: '2032-02-20',
        created_by: info.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = async (s: TestServer) =>
      (await s.database.db.selectFrom('official_deadline_reminders').select('lead').where('document_id', '=', letter.id).execute()).map((r) => r.lead);
    const inbox = async (s: TestServer) =>
      (await s.database.db.selectFrom('messages').select('title').where('user_id', '=', info.id).where('title', 'like', '%补正通知书 · R2032').execute())
        .length;

    clock = beijing('2032-02-06T10:00:00');
    await expect.poll(() => sent(first), { timeout: 10_000 }).toEqual(['提前2周']);
    // Both processes keep running their job at this instant for a while: still one reminder, one message.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sent(first)).toEqual(['提前2周']);
    expect(await inbox(first)).toBe(1);

    await stop(first);
    if (second) await stop(second);
    // While no server runs, the 1-week and 2-day reminders fall due; the restarted one sends the latest once.
    clock = beijing('2032-02-18T12:00:00');
    const restarted = await start();
    await expect.poll(async () => (await sent(restarted)).sort(), { timeout: 10_000 }).toEqual(['提前2周', '提前2天'].sort());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inbox(restarted)).toBe(2);
  });
});
