/**
 * Demo data, written once into an empty database: operators, two customers and the
 * operator-editable content. Passwords here are demo passwords printed at start-up.
 *
 * With SEED_DEMO the first start also makes the money side demonstrable: four deposit channels (crypto
 * addresses nobody holds a key for, a test IBAN), the customer `demo` verified and funded through the
 * ledger exactly as an approved deposit is (a recharge order, one journal entry from deposits clearing,
 * inbox messages), the company `democorp` waiting in the identity queue, and the demo IPO calendar (fictional
 * offerings dated from the server's clock: modules/primary/calendar.ts) and the fund products (modules/funds). Deposit channels are operator
 * configuration: without SEED_DEMO none are made, and admins add the real ones in the console.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Wallet } from '@beurs/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { createLedger, type LedgerOptions } from './ledger/ledger.js';
import { approveDeposit, channelSnapshot, toChannel } from './modules/deposits/index.js';
import { depositChannels, rechargeOrders } from './modules/deposits/schema.js';
import { seedFundProducts } from './modules/funds/index.js';
import { notify } from './modules/inbox/index.js';
import { userMessages } from './modules/inbox/schema.js';
import { DEFAULT_BRAND } from './modules/meta/index.js';
import { dict } from './modules/meta/schema.js';
import { seedPlacings } from './modules/placing/index.js';
import { seedOfferings } from './modules/primary/index.js';
import { kycSubmissions } from './modules/reviews/schema.js';
import { seedStrategies } from './modules/strategies/index.js';
import type { Db, Tx } from './platform/db/client.js';
import { files, operators, users } from './platform/db/schema.js';
import { hashPassword } from './platform/passwords.js';

export const DEMO = {
  customer: { userId: 'demo', email: 'demo@example.com', password: 'Demo1234!', payPassword: '123456' },
  company: { userId: 'democorp', email: 'corp@example.com', password: 'Demo1234!' },
  supervisor: { username: 'supervisor', password: 'Super1234!' },
  admin: { username: 'admin', password: 'Admin1234!' },
  reviewer: { username: 'reviewer', password: 'Review1234!' },
} as const;

export const CONTENT: Array<{ type: string; key: string; value: unknown; sort?: number }> = [
  { type: 'brand', key: 'name', value: DEFAULT_BRAND },
  {
    type: 'brand',
    key: 'tagline',
    value: {
      en: 'Invest across Europe, the US and Hong Kong',
      nl: 'Beleggen in Europa, de VS en Hongkong',
      'zh-Hans': '投资欧洲、美国和香港市场',
    },
  },
  {
    type: 'app',
    key: 'releaseNotes',
    value: {
      en: 'Accounts, sign-in, settings and three languages.',
      nl: 'Accounts, inloggen, instellingen en drie talen.',
      'zh-Hans': '账户、登录、设置和三种语言。',
    },
  },
  // No marketing figures here: exchanges, countries and markets are counted from the instruments and awards are
  // entered with their source in the console (GET /dict/figures, docs/decisions.md).
  { type: 'support', key: 'email', value: 'support@example.com' },
  { type: 'support', key: 'hours', value: 'Mon–Fri 08:00–22:00 CET' },
  { type: 'config', key: 'defaultLanguage', value: 'en' },
];

/** Content rows are added when missing and never overwrite what an operator changed. */
export async function seedContent(db: Db) {
  await db
    .insert(dict)
    .values(CONTENT.map((c) => ({ type: c.type, key: c.key, value: c.value, sort: c.sort ?? 0 })))
    .onConflictDoNothing();
}

/** Deposit channels of the demo. The crypto addresses are valid for their networks but derived from a fixed
 * text, so no one holds their keys; the IBAN is the well-known Dutch test IBAN. */
export const DEMO_CHANNELS = [
  {
    type: 'crypto',
    asset: 'USDT',
    network: 'TRC20',
    address: 'TSMt6aZTtcwc9YDg2fxeUaLvdadvqCHMjz',
    bank: null,
    wallet: 'US_STOCK',
    minAmount: '10',
    confirmations: 3,
    sort: 1,
  },
  {
    type: 'crypto',
    asset: 'USDT',
    network: 'ERC20',
    address: '0xb3cF95bD32aAA12f88cdB13e26EFeD7d4781be1B',
    bank: null,
    wallet: 'US_STOCK',
    minAmount: '10',
    confirmations: 3,
    sort: 2,
  },
  {
    type: 'bank',
    asset: 'EUR',
    network: null,
    address: null,
    bank: {
      bankName: 'ABN AMRO Bank',
      accountName: 'Kade Markets B.V. client money',
      iban: 'NL91ABNA0417164300',
      swift: 'ABNANL2A',
      bankAddress: 'Gustav Mahlerlaan 10, 1082 PP Amsterdam, Netherlands',
    },
    wallet: 'BALANCE',
    minAmount: '1',
    confirmations: 0,
    sort: 3,
  },
  {
    type: 'bank',
    asset: 'USD',
    network: null,
    address: null,
    bank: {
      bankName: 'Citibank N.A.',
      accountName: 'Kade Markets Inc. client money',
      iban: '4012345678',
      swift: 'CITIUS33',
      bankAddress: '388 Greenwich Street, New York, NY 10013, United States',
    },
    wallet: 'US_STOCK',
    minAmount: '1',
    confirmations: 0,
    sort: 4,
  },
] as const satisfies ReadonlyArray<Omit<typeof depositChannels.$inferInsert, 'currency'> & { wallet: Wallet }>;

/** What the demo customer deposited (channel index in DEMO_CHANNELS, amount), approved a day ago. */
const DEMO_DEPOSITS = [
  { channel: 2, amount: '25000.00' },
  { channel: 3, amount: '10000.00' },
] as const;

export interface SeedOptions extends LedgerOptions {
  /** Where uploaded files live (config.uploadsDir); without it the demo documents are left out. */
  uploadsDir?: string;
  /** The server's clock at the first start (SIM_CLOCK_START): the IPO calendar is dated from it. */
  now?: Date;
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<boolean> {
  await seedContent(db);
  const [ops] = await db.select({ n: count() }).from(operators);
  if ((ops?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    // Serialise two nodes seeding the same empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed'))`);
    const [again] = await tx.select({ n: count() }).from(operators);
    if ((again?.n ?? 0) > 0) return;
    await tx.insert(operators).values([
      {
        username: DEMO.supervisor.username,
        passwordHash: await hashPassword(DEMO.supervisor.password),
        role: 'supervisor',
      },
      { username: DEMO.admin.username, passwordHash: await hashPassword(DEMO.admin.password), role: 'admin' },
      { username: DEMO.reviewer.username, passwordHash: await hashPassword(DEMO.reviewer.password), role: 'reviewer' },
    ]);
    await tx.insert(users).values([
      {
        username: DEMO.customer.userId,
        email: DEMO.customer.email,
        passwordHash: await hashPassword(DEMO.customer.password),
        payPasswordHash: await hashPassword(DEMO.customer.payPassword),
        accountType: 2,
        firstName: 'Eva',
        lastName: 'de Vries',
        country: 'NL',
        phone: '+31612345678',
        addressLine: 'Keizersgracht 100',
        city: 'Amsterdam',
        postalCode: '1015 AA',
        invitationCode: 'DEMO2026',
        kycStatus: 0,
        language: 'en',
      },
      {
        username: DEMO.company.userId,
        email: DEMO.company.email,
        passwordHash: await hashPassword(DEMO.company.password),
        accountType: 4,
        firstName: 'Lars',
        lastName: 'Jansen',
        country: 'BE',
        invitationCode: 'CORP2026',
        kycStatus: 0,
        language: 'nl',
        company: {
          companyName: 'Schelde Trading BV',
          licenceNumber: 'BE0123456789',
          officeAddress: 'Meir 1, 2000 Antwerpen',
          placeOfRegistration: 'BE',
          corporateBankAccount: 'BE71096123456769',
          officerName: 'Lars Jansen',
          officerIdType: 'passport',
          officerIdNumber: 'EM1234567',
        },
      },
    ]);
    await seedDemoMoney(tx, options);
    await seedOfferings(tx, options.now ?? new Date());
    await seedPlacings(tx, options.now ?? new Date());
    await seedFundProducts(tx, options.now ?? new Date());
    await seedStrategies(tx, options.now ?? new Date());
  });
  return true;
}

const HOUR = 3600_000;

/**
 * The money side of the demo, in the seed's transaction: channels, `demo` verified and funded by approved
 * deposits (the same journal entries a reviewer's approval posts), `democorp` pending review.
 */
async function seedDemoMoney(tx: Tx, options: SeedOptions) {
  const ledger = createLedger(options);
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const [reviewer] = await tx.select().from(operators).where(eq(operators.username, DEMO.reviewer.username));
  const [demo] = await tx.select().from(users).where(eq(users.username, DEMO.customer.userId));
  const [corp] = await tx.select().from(users).where(eq(users.username, DEMO.company.userId));
  if (!reviewer || !demo || !corp) throw new Error('demo operators and customers first');

  // Channels whose wallet is kept in another currency (WALLET_CURRENCIES) would not credit one for one.
  const channels = await tx
    .insert(depositChannels)
    .values(DEMO_CHANNELS.map((c) => ({ ...c, currency: ledger.currencyOf(c.wallet) })))
    .returning();

  const image = (ownerUserId: number, caption: string, accent: Rgb) =>
    options.uploadsDir ? saveImage(tx, options.uploadsDir, ownerUserId, documentPng(accent), caption) : null;
  const docs = async (ownerUserId: number, roles: Record<string, Rgb>) => {
    const map: Record<string, string> = {};
    for (const [role, accent] of Object.entries(roles)) {
      const id = await image(ownerUserId, `${role}.png`, accent);
      if (id) map[role] = id;
    }
    return map;
  };
  const blue: Rgb = [45, 93, 138];
  const green: Rgb = [46, 125, 90];
  const amber: Rgb = [176, 122, 40];

  // `demo`: verified two days ago.
  await tx.insert(kycSubmissions).values({
    userId: demo.id,
    status: 3,
    idType: 'idCard',
    idNumber: 'NX1234567',
    firstName: demo.firstName ?? 'Eva',
    lastName: demo.lastName ?? 'de Vries',
    country: demo.country ?? 'NL',
    files: await docs(demo.id, { front: blue, back: blue }),
    createdAt: at(50),
    reviewedAt: at(48),
    reviewerId: reviewer.id,
  });
  await tx.update(users).set({ kycStatus: 3, nationalNumber: 'NX1234567' }).where(eq(users.id, demo.id));
  const verified = await notify(tx, { userId: demo.id, kind: 'kycApproved', link: '/pages/deposit/index', at: at(48) });
  await tx
    .update(userMessages)
    .set({ readAt: at(47) })
    .where(eq(userMessages.id, verified));

  // `demo`: two bank transfers, reported and approved yesterday, credited by the ledger.
  for (const [i, d] of DEMO_DEPOSITS.entries()) {
    const channel = channels[d.channel];
    if (!channel) throw new Error('demo channel missing');
    const c = toChannel(channel);
    const proof = (await image(demo.id, 'transfer.png', green)) ?? 'demo-proof-missing';
    const [order] = await tx
      .insert(rechargeOrders)
      .values({
        userId: demo.id,
        channelId: channel.id,
        channel: channelSnapshot(c),
        amount: d.amount,
        wallet: c.walletType,
        currency: c.currency,
        proofFileId: proof,
        status: 1,
        createdAt: at(26 - i),
      })
      .returning();
    if (!order) throw new Error('demo deposit not created');
    await approveDeposit(ledger, tx, order, { operatorId: reviewer.id, at: at(24 - i) });
  }

  // `democorp`: sent its documents three hours ago and waits in the reviewer's queue.
  await tx.insert(kycSubmissions).values({
    userId: corp.id,
    status: 1,
    idType: 'passport',
    idNumber: 'EM1234567',
    firstName: corp.firstName ?? 'Lars',
    lastName: corp.lastName ?? 'Jansen',
    country: corp.country ?? 'BE',
    files: await docs(corp.id, { front: blue, licence: amber, bank: green }),
    createdAt: at(3),
  });
  await tx.update(users).set({ kycStatus: 1, nationalNumber: 'EM1234567' }).where(eq(users.id, corp.id));
}

// ------------------------------------------------------------------------------------ demo documents

type Rgb = readonly [number, number, number];

async function saveImage(tx: Tx, dir: string, ownerUserId: number, png: Buffer, originalName: string) {
  const id = randomBytes(18).toString('base64url');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, id), png, { mode: 0o600 });
  await tx.insert(files).values({
    id,
    ownerUserId,
    kind: 'image',
    mime: 'image/png',
    size: png.length,
    sha256: createHash('sha256').update(png).digest('hex'),
    originalName,
  });
  return id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 428×270 picture that reads as a document (a header band, a photo, lines of text): a real PNG. */
export function documentPng(accent: Rgb): Buffer {
  const w = 428;
  const h = 270;
  const paper: Rgb = [223, 232, 241];
  const photo: Rgb = [159, 179, 200];
  const ink: Rgb = [27, 39, 51];
  const lines = [
    [154, 84, 360],
    [154, 124, 300],
    [154, 154, 330],
    [154, 184, 260],
  ];
  const colour = (x: number, y: number): Rgb => {
    if (y < 46) return accent;
    if (x >= 24 && x < 134 && y >= 70 && y < 210) return photo;
    for (const [x0 = 0, y0 = 0, x1 = 0] of lines) if (x >= x0 && x < x1 && y >= y0 && y < y0 + 10) return ink;
    return paper;
  };
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) {
      const [r, g, b] = colour(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
