/**
 * The inbox: other modules call `notify` inside their own transaction, so a message exists exactly when
 * the outcome it reports was committed. Messages are written out in the reader's language when read.
 * Every message is also an account event (ACCOUNT_EVENTS), announced at that same commit to the customer's
 * open sockets in whichever process holds them, so their screens refetch what changed.
 */
import { inbox, type Language, type MessageKind, type UserMessage } from '@beurs/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { channel } from '../../platform/bus.js';
import { publishOnCommit } from '../../platform/bus-pg.js';
import { users } from '../../platform/db/schema.js';
import { translate } from '../../platform/i18n.js';
import { userMessages } from './schema.js';

/** Who an account event is for, what happened and the message that reports it: nothing the inbox does not show. */
export interface AccountEvent {
  userId: number;
  kind: MessageKind;
  messageId: number;
}
/** Shared by every process (platform/bus-pg.ts): the customer's socket may be held by any of them. */
export const ACCOUNT_EVENTS = channel<AccountEvent>('account.events');

/** Figures of a message; `wallet` is a wallet type, translated when read. */
export type MessageParams = Record<string, string | number>;

export async function notify(
  tx: Executor,
  message: { userId: number; kind: MessageKind; params?: MessageParams; link?: string | null; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(userMessages)
    .values({
      userId: message.userId,
      kind: message.kind,
      params: message.params ?? {},
      link: message.link ?? null,
      createdAt: message.at,
    })
    .returning({ id: userMessages.id });
  if (!row) throw new Error('message not stored');
  await publishOnCommit(tx, ACCOUNT_EVENTS, { userId: message.userId, kind: message.kind, messageId: row.id });
  return row.id;
}

/**
 * One message to every customer (an operator's announcement), in one INSERT ... SELECT inside the caller's
 * transaction: it exists for all of them exactly when the outcome that sends it is committed. No account event per
 * customer (one per customer would be a flood on the bus); their inbox shows it at its next refresh (a minute at
 * most: the unread count's refresh) or when opened. Answers how many customers it was put in front of.
 */
export async function notifyEveryone(
  tx: Executor,
  message: { kind: MessageKind; params?: MessageParams; link?: string | null; at: Date },
): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${userMessages} (user_id, kind, params, link, created_at)
    select u.id, ${message.kind}, ${JSON.stringify(message.params ?? {})}::jsonb, ${message.link ?? null}, ${message.at}
    from ${users} u`);
  return result.rowCount ?? 0;
}

type Row = typeof userMessages.$inferSelect;

export function renderMessage(row: Row, lang: Language): UserMessage {
  const kind = inbox.messageKind.parse(row.kind);
  const params = { ...(row.params as MessageParams) };
  if (typeof params.wallet === 'string') params.wallet = translate(lang, `wallets.${params.wallet}`);
  return {
    id: row.id,
    kind,
    title: translate(lang, `inbox.${kind}.title`, params),
    body: translate(lang, `inbox.${kind}.body`, params),
    read: row.readAt !== null,
    link: row.link,
    createTimestamp: row.createdAt.getTime(),
  };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  return row?.n ?? 0;
}

export async function listMessages(
  db: Executor,
  userId: number,
  query: { unreadOnly?: boolean | undefined; page: number; pageSize: number },
  lang: Language,
) {
  const where = and(eq(userMessages.userId, userId), query.unreadOnly ? isNull(userMessages.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(userMessages)
      .where(where)
      .orderBy(desc(userMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(userMessages).where(where),
    unreadCount(db, userId),
  ]);
  return {
    list: rows.map((r) => renderMessage(r, lang)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    unread,
  };
}

export async function findMessage(db: Executor, userId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(userMessages)
    .where(and(eq(userMessages.id, id), eq(userMessages.userId, userId)));
  return row;
}

export async function markRead(db: Executor, userId: number, ids: number[] | 'all', at: Date): Promise<number> {
  await db
    .update(userMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(userMessages.userId, userId),
        isNull(userMessages.readAt),
        ids === 'all' ? undefined : inArray(userMessages.id, ids),
      ),
    );
  return unreadCount(db, userId);
}
