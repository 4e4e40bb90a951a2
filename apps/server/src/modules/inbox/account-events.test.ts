/**
 * Account events over the live-quotes socket: a socket tied to a customer by `auth` gets that customer's
 * events (here a deposit an operator approves), committed, through the PostgreSQL bus; another customer's
 * socket and a guest's get nothing.
 */
import type { AddressInfo } from 'node:net';
import { auth as authApi, consoleMoney, type WsServerMessage, wallet as walletApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PNG_1x1 } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { users } from '../../platform/db/schema.js';
import { depositChannels } from '../deposits/index.js';
import { userMessages } from './schema.js';

let h: Harness;
let url: string;
let reviewer: string;
let channelId: number;
const open: WebSocket[] = [];

beforeAll(async () => {
  h = await createHarness();
  ({ reviewer } = await h.consoleOperators({ admin: 'dora', reviewer: 'rene' }));
  const [row] = await h.db
    .insert(depositChannels)
    .values({
      type: 'crypto',
      asset: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      wallet: 'US_STOCK',
      currency: 'USD',
      minAmount: '1',
    })
    .returning({ id: depositChannels.id });
  channelId = row!.id;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/web/ws/quotes`;
});
afterAll(() => {
  for (const ws of open) ws.terminate();
});

async function connect() {
  const ws = new WebSocket(url);
  open.push(ws);
  const received: WsServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as WsServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (test: (m: WsServerMessage) => boolean, timeoutMs = 3000) => {
    for (let waited = 0; waited < timeoutMs; waited += 20) {
      const hit = received.find(test);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(received)}`);
  };
  const auth = async (token: string | null) => {
    const before = received.length;
    ws.send(JSON.stringify({ op: 'auth', token }));
    return waitFor((m) => m.type === 'auth' && received.indexOf(m) >= before);
  };
  return { ws, received, waitFor, auth };
}

/** A verified customer with a pending deposit of 25 USDT. */
async function customerWithDeposit() {
  const u = await h.registerUser();
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  const proof = await h.deps.files.save(u.user.id, PNG_1x1, 'image', 'proof.png');
  const created = await h.call(
    walletApi.rechargeCreate,
    { channelId, amount: '25', proofFileId: proof.fileId },
    { token: u.token },
  );
  expect(created.status).toBe(200);
  return { ...u, depositId: created.body.data.id };
}

const accountEvents = (received: WsServerMessage[]) => received.filter((m) => m.type === 'account');

describe('account events on the socket', () => {
  it("brings a decided deposit to its customer's socket, and to nobody else's", async () => {
    const alice = await customerWithDeposit();
    const bob = await customerWithDeposit();
    const aliceSocket = await connect();
    const bobSocket = await connect();
    const guest = await connect();
    expect(await aliceSocket.auth(alice.token)).toEqual({ type: 'auth', user: true });
    expect(await bobSocket.auth(bob.token)).toEqual({ type: 'auth', user: true });

    const approved = await h.call(
      consoleMoney.depositApprove,
      {},
      { token: reviewer, params: { id: alice.depositId } },
    );
    expect(approved.status).toBe(200);
    const event = await aliceSocket.waitFor((m) => m.type === 'account');
    const [message] = await h.db.select().from(userMessages).where(eq(userMessages.userId, alice.user.id));
    expect(event).toEqual({ type: 'account', kind: 'depositApproved', messageId: message!.id });

    // Bob's decision comes later: by then anything of Alice's that could leak to him would have arrived.
    await h.call(
      consoleMoney.depositReject,
      { reason: 'Not received' },
      { token: reviewer, params: { id: bob.depositId } },
    );
    await bobSocket.waitFor((m) => m.type === 'account');
    expect(accountEvents(bobSocket.received)).toEqual([
      { type: 'account', kind: 'depositRejected', messageId: expect.any(Number) },
    ]);
    expect(accountEvents(aliceSocket.received)).toHaveLength(1);
    expect(accountEvents(guest.received)).toEqual([]);
  });

  it('ties no socket to a bad or signed-out token, and unties on auth null', async () => {
    const carol = await customerWithDeposit();
    const socket = await connect();
    expect(await socket.auth('x'.repeat(40))).toEqual({ type: 'auth', user: false });
    expect(await socket.auth(carol.token)).toEqual({ type: 'auth', user: true });
    expect(await socket.auth(null)).toEqual({ type: 'auth', user: false });
    await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id: carol.depositId } });

    // A socket tied before its session ended gets nothing after the sign-out.
    const dave = await customerWithDeposit();
    const daves = await connect();
    expect(await daves.auth(dave.token)).toEqual({ type: 'auth', user: true });
    expect((await h.call(authApi.logout, {}, { token: dave.token })).status).toBe(200);
    await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id: dave.depositId } });
    await new Promise((r) => setTimeout(r, 500));
    expect(accountEvents(socket.received)).toEqual([]);
    expect(accountEvents(daves.received)).toEqual([]);
  });
});
