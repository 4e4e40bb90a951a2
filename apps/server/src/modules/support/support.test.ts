/**
 * Customer service (docs/support.md): conversations and messages, unread counts and read marks on both sides,
 * ownership (another customer's conversation answers 404), the console's assignment, status and reusable replies
 * (each audited), bad input refused with a translated message and nothing changed, the per-customer rate, and delivery
 * over the live socket across two server processes on one database (as WORKERS=2 runs them) within a second.
 */
import type { AddressInfo } from 'node:net';
import { support as api, inbox as inboxApi, SUPPORT_LIMITS, type WsServerMessage } from '@beurs/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHarness, type Harness } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { auditLog, files, users } from '../../platform/db/schema.js';
import { translate } from '../../platform/i18n.js';
import { supportMessages } from './schema.js';

let h: Harness;
let admin: string;
let reviewer: string;
/** A second server process on the same database: its own bus connection, hub and sockets. */
let other: FastifyInstance;
let urlA: string;
let urlB: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'sam', reviewer: 'rita' }));
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  ({ app: other } = await buildApp({
    db: h.deps.db,
    config: h.config,
    clock: h.clock,
    logger: false,
    rateLimits: false,
    serveClients: false,
  }));
  await other.listen({ port: 0, host: '127.0.0.1' });
  const ws = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/web/ws/quotes`;
  urlA = ws(h.app);
  urlB = ws(other);
});
afterAll(async () => {
  for (const s of open) s.terminate();
  await other.close();
});

async function connect(url: string) {
  const ws = new WebSocket(url);
  open.push(ws);
  const received: { at: number; m: WsServerMessage }[] = [];
  ws.on('message', (data) => received.push({ at: Date.now(), m: JSON.parse(data.toString()) as WsServerMessage }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (test: (m: WsServerMessage) => boolean, timeoutMs = 3000) => {
    for (let waited = 0; waited < timeoutMs; waited += 10) {
      const hit = received.find((r) => test(r.m));
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(received)}`);
  };
  return { ws, received, waitFor };
}

const start = (
  token: string,
  body: Parameters<typeof h.call<typeof api.supportApply>>[1] = { subject: 'My deposit', text: 'Where is it?' },
) => h.call(api.supportApply, body, { token });

describe('customer service', () => {
  it('starts a conversation, counts unread on both sides and keeps read marks', async () => {
    const u = await h.registerUser();
    const started = await start(u.token, { topic: 'deposit', subject: 'My deposit', text: 'Where is it?' });
    expect(started.status).toBe(200);
    const { conversation, messages } = started.body.data;
    expect(conversation).toMatchObject({ topic: 'deposit', subject: 'My deposit', status: 'open', unread: 0 });
    expect(messages).toMatchObject([{ from: 'customer', text: 'Where is it?', read: false }]);

    const queue = await h.call(api.supportQueue, { status: 'open' }, { token: reviewer });
    const row = queue.body.data.list.find((r) => r.id === conversation.id);
    expect(row).toMatchObject({ unread: 1, customerId: u.user.id, assignee: null, lastText: 'Where is it?' });
    expect(queue.body.data.unread).toBeGreaterThanOrEqual(1);

    const reply = await h.call(
      api.supportReply,
      { text: 'We are looking.' },
      { token: reviewer, params: { id: conversation.id } },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ from: 'operator', operatorName: 'rita', text: 'We are looking.' });

    // The operator's answer read the customer's message, assigned the conversation and waits for the customer.
    const detail = await h.call(api.supportDetail, {}, { token: u.token, params: { id: conversation.id } });
    expect(detail.body.data.conversation).toMatchObject({ status: 'pending', unread: 1, lastFrom: 'operator' });
    expect(detail.body.data.messages.map((m) => m.read)).toEqual([true, false]);
    const list = await h.call(api.supportList, {}, { token: u.token });
    expect(list.body.data.unread).toBe(1);
    const consoleRow = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id: conversation.id } });
    expect(consoleRow.body.data.conversation).toMatchObject({ unread: 0, assignee: 'rita' });

    const read = await h.call(api.supportRead, {}, { token: u.token, params: { id: conversation.id } });
    expect(read.body.data.unread).toBe(0);
    const after = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id: conversation.id } });
    expect(after.body.data.messages.at(-1)).toMatchObject({ from: 'operator', read: true });

    // The customer writes again: open, one unread for the operators.
    const again = await h.call(
      api.supportSend,
      { text: 'Thanks!' },
      { token: u.token, params: { id: conversation.id } },
    );
    expect(again.status).toBe(200);
    const back = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id: conversation.id } });
    expect(back.body.data.conversation).toMatchObject({ status: 'open', unread: 1 });
    const consoleRead = await h.call(api.supportConsoleRead, {}, { token: reviewer, params: { id: conversation.id } });
    expect(consoleRead.status).toBe(200);
    const done = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id: conversation.id } });
    expect(done.body.data.conversation.unread).toBe(0);
  });

  it("answers 404 for another customer's conversation and changes nothing", async () => {
    const owner = await h.registerUser();
    const stranger = await h.registerUser();
    const id = (await start(owner.token)).body.data.conversation.id;
    const asStranger = { token: stranger.token, params: { id } };
    expect((await h.call(api.supportDetail, {}, asStranger)).status).toBe(404);
    expect((await h.call(api.supportSend, { text: 'hi' }, asStranger)).status).toBe(404);
    expect((await h.call(api.supportRead, {}, asStranger)).status).toBe(404);
    expect((await h.call(api.supportList, {}, { token: stranger.token })).body.data.total).toBe(0);
    const rows = await h.db.select().from(supportMessages).where(eq(supportMessages.conversationId, id));
    expect(rows).toHaveLength(1);
  });

  it('sends an image of the customer, and refuses empty, too long, unknown and foreign files in their language', async () => {
    const u = await h.registerUser();
    const fileId = await h.uploadFile(u.token, 'screen.png');
    const started = await start(u.token, { subject: 'Screenshot', fileId });
    expect(started.status).toBe(200);
    expect(started.body.data.messages[0]?.image?.url).toMatch(/^\/web\/file\//);
    const id = started.body.data.conversation.id;

    const empty = await h.call(api.supportSend, { text: '   ' }, { token: u.token, params: { id }, lang: 'nl' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(translate('nl', 'validation.enterText'));
    const nothing = await h.call(api.supportSend, {}, { token: u.token, params: { id } });
    expect(nothing.status).toBe(400);
    const long = await h.call(
      api.supportSend,
      { text: 'x'.repeat(SUPPORT_LIMITS.textMax + 1) },
      { token: u.token, params: { id }, lang: 'zh-Hans' },
    );
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe(translate('zh-Hans', 'validation.textTooLong'));
    const noSubject = await h.call(api.supportApply, { subject: '', text: 'hi' }, { token: u.token });
    expect(noSubject.status).toBe(400);

    const stranger = await h.registerUser();
    const theirs = await h.uploadFile(stranger.token, 'theirs.png');
    const foreign = await h.call(api.supportSend, { fileId: theirs }, { token: u.token, params: { id }, lang: 'nl' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe(translate('nl', 'validation.uploadImage'));
    const unknown = await h.call(
      api.supportSend,
      { fileId: 'f'.repeat(32) },
      { token: u.token, params: { id }, lang: 'zh-Hans' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(translate('zh-Hans', 'validation.uploadImage'));
    const rows = await h.db.select().from(supportMessages).where(eq(supportMessages.conversationId, id));
    expect(rows).toHaveLength(1);
  });

  it('limits a customer to the published messages a minute (429)', async () => {
    const u = await h.registerUser();
    const id = (await start(u.token)).body.data.conversation.id;
    const answers: number[] = [];
    for (let i = 1; i < SUPPORT_LIMITS.messagesPerMinute + 1; i++) {
      answers.push((await h.call(api.supportSend, { text: `m${i}` }, { token: u.token, params: { id } })).status);
    }
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    h.clock.advance(61_000);
    expect((await h.call(api.supportSend, { text: 'later' }, { token: u.token, params: { id } })).status).toBe(200);
  });

  it('assigns, sets the status and manages reusable replies, each audited', async () => {
    const u = await h.registerUser();
    const id = (await start(u.token)).body.data.conversation.id;
    const ops = await h.call(api.supportOperators, {}, { token: reviewer });
    const sam = ops.body.data.find((o) => o.username === 'sam');
    expect(sam).toBeDefined();
    const assigned = await h.call(api.supportAssign, { operatorId: sam?.id ?? 0 }, { token: reviewer, params: { id } });
    expect(assigned.body.data).toMatchObject({ assignee: 'sam' });
    const mine = await h.call(api.supportQueue, { assigned: 'me' }, { token: admin });
    expect(mine.body.data.list.map((r) => r.id)).toContain(id);
    const unknownOp = await h.call(api.supportAssign, { operatorId: 999_999 }, { token: reviewer, params: { id } });
    expect(unknownOp.status).toBe(400);
    const closed = await h.call(api.supportSetStatus, { status: 'closed' }, { token: reviewer, params: { id } });
    expect(closed.body.data.status).toBe('closed');
    const audits = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'supportConversation'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['support.assign', 'support.status']);

    const created = await h.call(
      api.supportTemplateCreate,
      { title: 'Deposit delay', text: 'Deposits are credited after 3 confirmations.', language: 'en' },
      { token: reviewer },
    );
    expect(created.status).toBe(200);
    const tid = created.body.data.id;
    const updated = await h.call(
      api.supportTemplateUpdate,
      { title: 'Deposit delay', text: 'Deposits are credited after three confirmations.', language: 'en' },
      { token: admin, params: { id: tid } },
    );
    expect(updated.body.data).toMatchObject({ updatedBy: 'sam' });
    expect((await h.call(api.supportTemplates, {}, { token: reviewer })).body.data).toHaveLength(1);
    expect((await h.call(api.supportTemplateDelete, {}, { token: reviewer, params: { id: tid } })).status).toBe(200);
    expect((await h.call(api.supportTemplateDelete, {}, { token: reviewer, params: { id: tid } })).status).toBe(404);
    const templateAudits = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'support.replyTemplate.%'));
    expect(templateAudits).toHaveLength(3);
    // A customer cannot reach the console's calls.
    expect((await h.call(api.supportQueue, {}, { token: u.token })).status).toBe(401);
  });

  it('delivers messages to the other side within a second across two server processes', async () => {
    const u = await h.registerUser();
    const id = (await start(u.token)).body.data.conversation.id;

    // The customer's socket is on process B; the operator answers through process A.
    const customer = await connect(urlB);
    customer.ws.send(JSON.stringify({ op: 'auth', token: u.token }));
    await customer.waitFor((m) => m.type === 'auth' && m.user);
    const sent = Date.now();
    const reply = await h.call(api.supportReply, { text: 'Hello from A' }, { token: reviewer, params: { id } });
    const got = await customer.waitFor(
      (m) => m.type === 'support' && m.conversationId === id && m.messageId === reply.body.data.id,
    );
    expect(got.m).toMatchObject({ from: 'operator' });
    expect(got.at - sent).toBeLessThan(1000);

    // The operator's socket is on process B; the customer writes through process A.
    const operator = await connect(urlB);
    operator.ws.send(JSON.stringify({ op: 'operatorAuth', token: reviewer }));
    await operator.waitFor((m) => m.type === 'operatorAuth' && m.operator);
    const before = Date.now();
    const message = await h.call(api.supportSend, { text: 'Hello from B' }, { token: u.token, params: { id } });
    const heard = await operator.waitFor((m) => m.type === 'support' && m.messageId === message.body.data.id);
    expect(heard.at - before).toBeLessThan(1000);

    // Another customer's socket (on A) hears nothing of it; a customer token does not open the operators' events.
    const stranger = await h.registerUser();
    const strangerSocket = await connect(urlA);
    strangerSocket.ws.send(JSON.stringify({ op: 'auth', token: stranger.token }));
    await strangerSocket.waitFor((m) => m.type === 'auth');
    const fake = await connect(urlA);
    fake.ws.send(JSON.stringify({ op: 'operatorAuth', token: stranger.token }));
    await fake.waitFor((m) => m.type === 'operatorAuth');
    expect(fake.received.some((r) => r.m.type === 'operatorAuth' && r.m.operator)).toBe(false);
    await h.call(api.supportReply, { text: 'Only for them' }, { token: reviewer, params: { id } });
    await customer.waitFor((m) => m.type === 'support' && m.from === 'operator' && m.messageId > reply.body.data.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(strangerSocket.received.some((r) => r.m.type === 'support')).toBe(false);
    expect(fake.received.some((r) => r.m.type === 'support')).toBe(false);
  });

  it('keeps every message: the app role cannot change or delete one', async () => {
    await expect(h.deps.db.update(supportMessages).set({ text: 'edited' })).rejects.toThrow();
    await expect(h.deps.db.delete(supportMessages)).rejects.toThrow();
  });
});

describe('operator pictures, answer notices and the language of a conversation', () => {
  const operatorUpload = (token: string, name = 'answer.png') =>
    h.uploadFile(token, name, undefined, '/web/console/file/upload');

  it("sends an operator's picture only the conversation's customer and the operators are handed; 404 otherwise", async () => {
    const u = await h.registerUser();
    const id = (await start(u.token)).body.data.conversation.id;
    const fileId = await operatorUpload(reviewer);
    const [stored] = await h.db.select().from(files).where(eq(files.id, fileId));
    expect(stored).toMatchObject({ ownerUserId: null, mime: 'image/png' });
    expect(stored?.ownerOperatorId).toBeGreaterThan(0);

    const reply = await h.call(api.supportReply, { fileId }, { token: reviewer, params: { id } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ from: 'operator', text: null, image: { mime: 'image/png' } });
    // The customer sees it in the chat, through a signed address that serves the picture.
    const detail = await h.call(api.supportDetail, {}, { token: u.token, params: { id } });
    const image = detail.body.data.messages.at(-1)?.image;
    expect(image?.url).toMatch(/^\/web\/file\//);
    const served = await h.app.inject({ method: 'GET', url: image?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The operators see it too.
    const consoleView = await h.call(api.supportConsoleDetail, {}, { token: admin, params: { id } });
    expect(consoleView.body.data.messages.at(-1)?.image?.url).toMatch(/^\/web\/file\//);

    // Anyone else: the conversation is not found, the file without its signature is not found, and the id cannot be
    // sent on as one's own (nor by another operator).
    const stranger = await h.registerUser();
    expect((await h.call(api.supportDetail, {}, { token: stranger.token, params: { id } })).status).toBe(404);
    const unsigned = await h.app.inject({ method: 'GET', url: `/web/file/${fileId}` });
    expect(unsigned.statusCode).toBe(404);
    const forged = await h.app.inject({ method: 'GET', url: `/web/file/${fileId}?exp=9999999999&sig=x` });
    expect(forged.statusCode).toBe(404);
    const strangerId = (await start(stranger.token)).body.data.conversation.id;
    const reuse = await h.call(
      api.supportSend,
      { fileId },
      { token: stranger.token, params: { id: strangerId }, lang: 'nl' },
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body.msg).toBe(translate('nl', 'validation.uploadImage'));
    const byOwner = await h.call(api.supportSend, { fileId }, { token: u.token, params: { id } });
    expect(byOwner.status).toBe(400);
    const otherOperator = await h.call(api.supportReply, { fileId }, { token: admin, params: { id } });
    expect(otherOperator.status).toBe(400);
    // A customer's upload is not an operator's either, and a customer cannot use the console's upload.
    const theirs = await h.uploadFile(u.token, 'mine.png');
    expect((await h.call(api.supportReply, { fileId: theirs }, { token: reviewer, params: { id } })).status).toBe(400);
    await expect(operatorUpload(u.token)).rejects.toThrow(/401/);
  });

  it('notices an answer once per unread stretch, in the language the customer reads in', async () => {
    const u = await h.registerUser();
    const id = (await start(u.token, { subject: 'Card payment', text: 'It failed' })).body.data.conversation.id;
    const notices = async (lang = 'en') =>
      (await h.call(inboxApi.getMessages, {}, { token: u.token, lang })).body.data.list.filter(
        (m) => m.kind === 'supportAnswered',
      );
    await h.call(api.supportReply, { text: 'One moment' }, { token: reviewer, params: { id } });
    await h.call(api.supportReply, { text: 'Found it' }, { token: admin, params: { id } });
    await h.call(api.supportReply, { text: 'Fixed' }, { token: reviewer, params: { id } });
    const first = await notices('nl');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      read: false,
      link: `/pages/service/chat?id=${id}`,
      title: translate('nl', 'inbox.supportAnswered.title'),
      body: translate('nl', 'inbox.supportAnswered.body', { subject: 'Card payment' }),
    });
    expect((await notices('zh-Hans'))[0]?.title).toBe(translate('zh-Hans', 'inbox.supportAnswered.title'));

    // Reading the conversation reads its notice; the next answer is a new stretch with a new notice.
    await h.call(api.supportRead, {}, { token: u.token, params: { id } });
    expect((await notices()).map((n) => n.read)).toEqual([true]);
    await h.call(api.supportReply, { text: 'Anything else?' }, { token: reviewer, params: { id } });
    await h.call(api.supportReply, { text: 'Closing soon' }, { token: reviewer, params: { id } });
    expect((await notices()).map((n) => n.read)).toEqual([false, true]);

    // Another conversation has its own notice; the customer's own messages send none.
    const other = (await start(u.token, { subject: 'Other', text: 'Q' })).body.data.conversation.id;
    await h.call(api.supportSend, { text: 'More' }, { token: u.token, params: { id: other } });
    expect(await notices()).toHaveLength(2);
    await h.call(api.supportReply, { text: 'A' }, { token: reviewer, params: { id: other } });
    expect(await notices()).toHaveLength(3);
  });

  it("records the language of the screen that started a conversation, not the profile's", async () => {
    const u = await h.registerUser();
    const [profile] = await h.db.select({ language: users.language }).from(users).where(eq(users.id, u.user.id));
    expect(profile?.language).toBe('en');
    const started = await h.call(api.supportApply, { subject: 'Vraag', text: 'Hallo' }, { token: u.token, lang: 'nl' });
    const id = started.body.data.conversation.id;
    const detail = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id } });
    expect(detail.body.data.conversation.language).toBe('nl');
    const queue = await h.call(api.supportQueue, { q: 'Vraag' }, { token: reviewer });
    expect(queue.body.data.list.find((r) => r.id === id)?.language).toBe('nl');
    // Later messages in another language do not change it.
    await h.call(api.supportSend, { text: '你好' }, { token: u.token, params: { id }, lang: 'zh-Hans' });
    const after = await h.call(api.supportConsoleDetail, {}, { token: reviewer, params: { id } });
    expect(after.body.data.conversation.language).toBe('nl');
  });
  it("keeps an operator's picture a support message uses; an unused one goes after a day", async () => {
    const u = await h.registerUser();
    const id = (await start(u.token)).body.data.conversation.id;
    const used = await operatorUpload(reviewer);
    const unused = await operatorUpload(reviewer);
    expect((await h.call(api.supportReply, { fileId: used }, { token: reviewer, params: { id } })).status).toBe(200);
    // Last in the file: a day passes (the console sessions with it).
    h.clock.advance(25 * 3600_000);
    await h.deps.files.purgeOrphans(h.clock.now());
    const left = (await h.db.select({ id: files.id }).from(files)).map((f) => f.id);
    expect(left).toContain(used);
    expect(left).not.toContain(unused);
  });
});
