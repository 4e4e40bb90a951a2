/**
 * Customer service (docs/support.md). Every write happens in one transaction with its announcement on the shared
 * bus (SUPPORT_EVENTS, published at commit), so a socket in any process hears of a message exactly when it exists.
 * A customer's conversation is found by its id and its owner together: another customer's id is not found (404).
 */
import {
  E,
  type Language,
  SUPPORT_LIMITS,
  SUPPORT_THREAD_PAGE,
  type SupportConversation,
  type SupportMessage,
  type SupportQueueRow,
  type SupportReplyTemplate,
  type SupportStatus,
  type SupportTopic,
} from '@beurs/contracts';
import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../ledger/ledger.js';
import { audit, change } from '../../platform/audit.js';
import type { CurrentOperator } from '../../platform/auth.js';
import { channel } from '../../platform/bus.js';
import { publishOnCommit } from '../../platform/bus-pg.js';
import { files, operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { invalid, notFound, tooMany } from '../../platform/errors.js';
import type { FileOwner } from '../../platform/files.js';
import { assertOwnFiles } from '../files/index.js';
import { notify, userMessages } from '../inbox/index.js';
import { supportConversations as conv, supportMessages as msg, supportReplies } from './schema.js';

/** A message sent or a conversation changed (`messageId` 0); ids only, like every shared event. */
export interface SupportEvent {
  conversationId: number;
  userId: number;
  messageId: number;
  from: 'customer' | 'operator';
}
/** Shared by every process (platform/bus-pg.ts): the customer's and the operators' sockets may be anywhere. */
export const SUPPORT_EVENTS = channel<SupportEvent>('support.events');

type ConvRow = typeof conv.$inferSelect;
type MsgRow = typeof msg.$inferSelect;
type Side = 'customer' | 'operator';
/** The operator acting (req.operator): their name goes on what they write. */
type Operator = Pick<CurrentOperator, 'id' | 'username'>;

const PREVIEW = 120;

export function createSupportService(deps: Pick<Deps, 'db' | 'files' | 'clock'>) {
  const { db } = deps;

  // Qualified by hand: drizzle leaves a column of a one-table query unqualified, which the subquery would take for its own.
  const convId = sql.raw('"support_conversations"."id"');
  const customerRead = sql.raw('"support_conversations"."customer_read_id"');
  const operatorRead = sql.raw('"support_conversations"."operator_read_id"');
  /** Unread of `side` per conversation: the other side's messages after its read mark. */
  const unreadOf = (side: Side) =>
    side === 'customer'
      ? sql<number>`(select count(*)::int from ${msg} m where m.conversation_id = ${convId} and m.sender = 'operator' and m.id > ${customerRead})`
      : sql<number>`(select count(*)::int from ${msg} m where m.conversation_id = ${convId} and m.sender = 'customer' and m.id > ${operatorRead})`;
  const lastOf = sql<{
    text: string | null;
    sender: Side;
  } | null>`(select json_build_object('text', left(m.text, ${PREVIEW}), 'sender', m.sender) from ${msg} m where m.conversation_id = ${convId} order by m.id desc limit 1)`;

  const conversationColumns = (side: Side) => ({ row: conv, unread: unreadOf(side), last: lastOf });

  function toConversation(r: { row: ConvRow; unread: number; last: { text: string | null; sender: Side } | null }) {
    return {
      id: r.row.id,
      topic: r.row.topic as SupportTopic,
      subject: r.row.subject,
      status: r.row.status as SupportStatus,
      unread: r.unread,
      lastText: r.last?.text ?? null,
      lastFrom: r.last?.sender ?? 'customer',
      lastMessageTimestamp: r.row.lastMessageAt.getTime(),
      createTimestamp: r.row.createdAt.getTime(),
    } satisfies SupportConversation;
  }

  function queueSelect(ex: Executor) {
    return ex
      .select({
        ...conversationColumns('operator'),
        userId: users.username,
        email: users.email,
        assignee: operators.username,
      })
      .from(conv)
      .innerJoin(users, eq(users.id, conv.userId))
      .leftJoin(operators, eq(operators.id, conv.assignedOperatorId));
  }
  type QueueSelected = Awaited<ReturnType<ReturnType<typeof queueSelect>['where']>>[number];
  function toQueueRow(r: QueueSelected): SupportQueueRow {
    return {
      ...toConversation(r),
      customerId: r.row.userId,
      userId: r.userId,
      email: r.email,
      language: r.row.language as Language,
      assigneeId: r.row.assignedOperatorId,
      assignee: r.assignee,
    };
  }

  /** Messages of a conversation, oldest first: the newest page, or the page before `beforeId`. */
  async function thread(ex: Executor, row: ConvRow, beforeId: number | undefined) {
    const rows = await ex
      .select({ m: msg, operatorName: operators.username, mime: files.mime })
      .from(msg)
      .leftJoin(operators, eq(operators.id, msg.operatorId))
      .leftJoin(files, eq(files.id, msg.fileId))
      .where(and(eq(msg.conversationId, row.id), beforeId ? lt(msg.id, beforeId) : undefined))
      .orderBy(desc(msg.id))
      .limit(SUPPORT_THREAD_PAGE + 1);
    const hasMore = rows.length > SUPPORT_THREAD_PAGE;
    const page = rows.slice(0, SUPPORT_THREAD_PAGE).reverse();
    return { messages: page.map((r) => toMessage(r.m, r.operatorName, r.mime, row)), hasMore };
  }

  function toMessage(m: MsgRow, operatorName: string | null, mime: string | null, row: ConvRow) {
    // A message is read once the other side's read mark reaches it.
    const otherMark = m.sender === 'customer' ? row.operatorReadId : row.customerReadId;
    return {
      id: m.id,
      conversationId: m.conversationId,
      from: m.sender as Side,
      operatorName: m.sender === 'operator' ? operatorName : null,
      text: m.text,
      image: m.fileId ? { url: deps.files.signedUrl(m.fileId), mime: mime ?? 'application/octet-stream' } : null,
      read: otherMark >= m.id,
      createTimestamp: m.createdAt.getTime(),
    } satisfies SupportMessage;
  }

  /** A conversation, locked for a write; with `owner`, only that customer's (404 otherwise, as if it did not exist). */
  async function conversation(tx: Executor, id: number, opts: { owner?: number; lock?: boolean } = {}) {
    const q = tx
      .select()
      .from(conv)
      .where(and(eq(conv.id, id), opts.owner === undefined ? undefined : eq(conv.userId, opts.owner)));
    const [row] = opts.lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
  }

  /**
   * The published rate: at most SUPPORT_LIMITS.messagesPerMinute messages a customer per minute, counted in the
   * database so that every process agrees. The customer's row is locked first, so two sends at once count each other.
   */
  async function checkRate(tx: Executor, userId: number, now: Date) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`support:${userId}`}, 0))`);
    const [row] = await tx
      .select({ n: count() })
      .from(msg)
      .innerJoin(conv, eq(conv.id, msg.conversationId))
      .where(
        and(eq(conv.userId, userId), eq(msg.sender, 'customer'), gte(msg.createdAt, new Date(now.getTime() - 60_000))),
      );
    if ((row?.n ?? 0) >= SUPPORT_LIMITS.messagesPerMinute) {
      throw tooMany(E.tooMany);
    }
  }

  /** An image must be the sender's own upload (files module: a customer's or an operator's) of an image type; answers its type. */
  async function checkFile(tx: Executor, owner: FileOwner, fileId: string | undefined) {
    if (!fileId) return null;
    const mime = (await assertOwnFiles(tx, owner, { fileId })).get(fileId);
    if (!mime?.startsWith('image/')) throw invalid(E.uploadType, 'fileId');
    return mime;
  }

  async function insertMessage(
    tx: Executor,
    row: ConvRow,
    m: { sender: Side; operatorId?: number; text?: string | undefined; fileId?: string | undefined; at: Date },
  ) {
    const [inserted] = await tx
      .insert(msg)
      .values({
        conversationId: row.id,
        sender: m.sender,
        operatorId: m.operatorId ?? null,
        text: m.text ?? null,
        fileId: m.fileId ?? null,
        createdAt: m.at,
      })
      .returning();
    if (!inserted) throw new Error('support message not stored');
    await publishOnCommit(tx, SUPPORT_EVENTS, {
      conversationId: row.id,
      userId: row.userId,
      messageId: inserted.id,
      from: m.sender,
    });
    return inserted;
  }

  const announce = (tx: Executor, row: ConvRow, from: Side) =>
    publishOnCommit(tx, SUPPORT_EVENTS, { conversationId: row.id, userId: row.userId, messageId: 0, from });

  async function customerUnread(ex: Executor, userId: number) {
    const [row] = await ex
      .select({ n: sql<number>`coalesce(sum(${unreadOf('customer')}), 0)::int` })
      .from(conv)
      .where(eq(conv.userId, userId));
    return row?.n ?? 0;
  }
  async function operatorUnread(ex: Executor) {
    const [row] = await ex
      .select({ n: count() })
      .from(msg)
      .innerJoin(conv, eq(conv.id, msg.conversationId))
      .where(and(eq(msg.sender, 'customer'), gt(msg.id, conv.operatorReadId)));
    return row?.n ?? 0;
  }

  async function customerView(ex: Executor, row: ConvRow, beforeId?: number) {
    const [c] = await ex.select(conversationColumns('customer')).from(conv).where(eq(conv.id, row.id));
    if (!c) throw notFound();
    return { conversation: toConversation(c), ...(await thread(ex, c.row, beforeId)) };
  }
  async function queueSelected(ex: Executor, id: number) {
    const [r] = await queueSelect(ex).where(eq(conv.id, id));
    if (!r) throw notFound();
    return r;
  }
  const queueRow = async (ex: Executor, id: number) => toQueueRow(await queueSelected(ex, id));

  /**
   * The inbox notice of an answer (supportAnswered), at most one per conversation until the customer reads it: only
   * when no earlier operator message is still unread by the customer and no notice of it is still unread. Written in
   * the transaction of the answer; rendered in the language the customer reads in, like every notice.
   */
  async function noticeAnswer(tx: Executor, row: ConvRow, messageId: number, at: Date) {
    const [earlier] = await tx
      .select({ n: count() })
      .from(msg)
      .where(
        and(
          eq(msg.conversationId, row.id),
          eq(msg.sender, 'operator'),
          gt(msg.id, row.customerReadId),
          lt(msg.id, messageId),
        ),
      );
    if ((earlier?.n ?? 0) > 0) return;
    const [pending] = await tx.select({ id: userMessages.id }).from(userMessages).where(answerNotices(row)).limit(1);
    if (pending) return;
    await notify(tx, {
      userId: row.userId,
      kind: 'supportAnswered',
      params: { conversation: row.id, subject: row.subject },
      link: `/pages/service/chat?id=${row.id}`,
      at,
    });
  }
  /** The customer's unread answer notices of a conversation. */
  const answerNotices = (row: ConvRow) =>
    and(
      eq(userMessages.userId, row.userId),
      eq(userMessages.kind, 'supportAnswered'),
      isNull(userMessages.readAt),
      sql`${userMessages.params}->>'conversation' = ${String(row.id)}`,
    );
  async function readAnswerNotices(tx: Executor, row: ConvRow) {
    await tx.update(userMessages).set({ readAt: deps.clock.now() }).where(answerNotices(row));
  }

  return {
    // ---- customer
    /** `language`: the request's (the screen the customer wrote from), which the operators are offered to answer in. */
    async start(
      userId: number,
      input: { topic: SupportTopic; subject: string; text?: string | undefined; fileId?: string | undefined },
      language: Language,
    ) {
      return db.transaction(async (tx) => {
        const now = deps.clock.now();
        await checkRate(tx, userId, now);
        await checkFile(tx, userId, input.fileId);
        const [row] = await tx
          .insert(conv)
          .values({ userId, topic: input.topic, subject: input.subject, language, lastMessageAt: now, createdAt: now })
          .returning();
        if (!row) throw new Error('conversation not stored');
        const m = await insertMessage(tx, row, { sender: 'customer', text: input.text, fileId: input.fileId, at: now });
        // The customer has read their own message.
        const [read] = await tx.update(conv).set({ customerReadId: m.id }).where(eq(conv.id, row.id)).returning();
        return customerView(tx, read ?? row);
      });
    },

    async list(userId: number, q: { page: number; pageSize: number }) {
      const [rows, [total], unread] = await Promise.all([
        db
          .select(conversationColumns('customer'))
          .from(conv)
          .where(eq(conv.userId, userId))
          .orderBy(desc(conv.lastMessageAt), desc(conv.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(conv).where(eq(conv.userId, userId)),
        customerUnread(db, userId),
      ]);
      return { list: rows.map(toConversation), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize, unread };
    },

    async detail(userId: number, id: number, beforeId?: number) {
      return customerView(db, await conversation(db, id, { owner: userId }), beforeId);
    },

    async send(userId: number, id: number, input: { text?: string | undefined; fileId?: string | undefined }) {
      return db.transaction(async (tx) => {
        const now = deps.clock.now();
        const row = await conversation(tx, id, { owner: userId, lock: true });
        await checkRate(tx, userId, now);
        const mime = await checkFile(tx, userId, input.fileId);
        const m = await insertMessage(tx, row, { sender: 'customer', text: input.text, fileId: input.fileId, at: now });
        // Whatever it was, the conversation waits for an operator again.
        const [next] = await tx
          .update(conv)
          .set({ status: 'open', lastMessageAt: now, customerReadId: m.id })
          .where(eq(conv.id, row.id))
          .returning();
        return toMessage(m, null, mime, next ?? row);
      });
    },

    /**
     * Moves `reader`'s read mark to the conversation's last message (a customer only in their own conversation) and
     * announces it, so the other side's screens show their messages read; answers the reader's unread left in all.
     */
    async markRead(id: number, reader: { side: 'customer'; userId: number } | { side: 'operator' }) {
      const mark = reader.side === 'customer' ? 'customerReadId' : 'operatorReadId';
      return db.transaction(async (tx) => {
        const owner = reader.side === 'customer' ? reader.userId : undefined;
        const row = await conversation(tx, id, { owner, lock: true });
        const [last] = await tx
          .select({ id: sql<number>`coalesce(max(${msg.id}), 0)::int` })
          .from(msg)
          .where(eq(msg.conversationId, row.id));
        if ((last?.id ?? 0) > row[mark]) {
          await tx
            .update(conv)
            .set({ [mark]: last?.id ?? 0 })
            .where(eq(conv.id, row.id));
          await announce(tx, row, reader.side);
        }
        // The customer has seen the answers: their notice about this conversation is read too.
        if (reader.side === 'customer') await readAnswerNotices(tx, row);
        return {
          unread: reader.side === 'customer' ? await customerUnread(tx, reader.userId) : await operatorUnread(tx),
        };
      });
    },

    // ---- console
    async queue(q: {
      status?: SupportStatus | undefined;
      assigned: 'any' | 'me' | 'none';
      q?: string | undefined;
      page: number;
      pageSize: number;
      operatorId: number;
    }) {
      const conditions: (SQL | undefined)[] = [
        q.status ? eq(conv.status, q.status) : undefined,
        q.assigned === 'me' ? eq(conv.assignedOperatorId, q.operatorId) : undefined,
        q.assigned === 'none' ? isNull(conv.assignedOperatorId) : undefined,
      ];
      if (q.q) {
        const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(or(ilike(users.username, like), ilike(users.email, like), ilike(conv.subject, like)));
      }
      const where = and(...conditions);
      const [rows, [total], unread] = await Promise.all([
        queueSelect(db)
          .where(where)
          .orderBy(desc(conv.lastMessageAt), desc(conv.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(conv).innerJoin(users, eq(users.id, conv.userId)).where(where),
        operatorUnread(db),
      ]);
      return { list: rows.map(toQueueRow), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize, unread };
    },

    async consoleDetail(id: number, beforeId?: number) {
      const r = await queueSelected(db, id);
      return { conversation: toQueueRow(r), ...(await thread(db, r.row, beforeId)) };
    },

    async reply(
      req: FastifyRequest,
      operator: Operator,
      id: number,
      input: { text?: string | undefined; fileId?: string | undefined },
    ) {
      return db.transaction(async (tx) => {
        const now = deps.clock.now();
        const row = await conversation(tx, id, { lock: true });
        const mime = await checkFile(tx, { operatorId: operator.id }, input.fileId);
        const m = await insertMessage(tx, row, {
          sender: 'operator',
          operatorId: operator.id,
          text: input.text,
          fileId: input.fileId,
          at: now,
        });
        await noticeAnswer(tx, row, m.id, now);
        const [next] = await tx
          .update(conv)
          .set({
            status: 'pending',
            lastMessageAt: now,
            operatorReadId: m.id,
            assignedOperatorId: row.assignedOperatorId ?? operator.id,
          })
          .where(eq(conv.id, row.id))
          .returning();
        await audit(tx, req, 'support.reply', { type: 'supportConversation', id: row.id }, { messageId: m.id });
        return toMessage(m, operator.username, mime, next ?? row);
      });
    },

    async assign(req: FastifyRequest, id: number, operatorId: number | null) {
      return db.transaction(async (tx) => {
        const row = await conversation(tx, id, { lock: true });
        if (operatorId !== null) {
          const [op] = await tx
            .select({ id: operators.id })
            .from(operators)
            .where(and(eq(operators.id, operatorId), eq(operators.disabled, false)));
          if (!op) throw invalid(E.notFound, 'operatorId');
        }
        await tx.update(conv).set({ assignedOperatorId: operatorId }).where(eq(conv.id, row.id));
        const next = await queueRow(tx, id);
        await audit(
          tx,
          req,
          'support.assign',
          { type: 'supportConversation', id },
          change({ assigneeId: row.assignedOperatorId }, { assigneeId: next.assigneeId }),
        );
        await announce(tx, row, 'operator');
        return next;
      });
    },

    async setStatus(req: FastifyRequest, id: number, status: SupportStatus) {
      return db.transaction(async (tx) => {
        const row = await conversation(tx, id, { lock: true });
        await tx.update(conv).set({ status }).where(eq(conv.id, row.id));
        await audit(
          tx,
          req,
          'support.status',
          { type: 'supportConversation', id },
          change({ status: row.status }, { status }),
        );
        await announce(tx, row, 'operator');
        return queueRow(tx, id);
      });
    },

    async operators() {
      return db
        .select({ id: operators.id, username: operators.username })
        .from(operators)
        .where(eq(operators.disabled, false))
        .orderBy(asc(operators.username));
    },

    // ---- reusable replies
    async templates(): Promise<SupportReplyTemplate[]> {
      const rows = await db
        .select({ r: supportReplies, by: operators.username })
        .from(supportReplies)
        .leftJoin(operators, eq(operators.id, supportReplies.updatedBy))
        .orderBy(asc(supportReplies.title), asc(supportReplies.id));
      return rows.map(toTemplate);
    },

    async saveTemplate(
      req: FastifyRequest,
      operator: Operator,
      id: number | undefined,
      input: { title: string; text: string; language: Language },
    ) {
      return db.transaction(async (tx) => {
        const now = deps.clock.now();
        let old: typeof supportReplies.$inferSelect | null = null;
        let saved: typeof supportReplies.$inferSelect | undefined;
        if (id === undefined) {
          [saved] = await tx
            .insert(supportReplies)
            .values({ ...input, updatedBy: operator.id, updatedAt: now })
            .returning();
        } else {
          [old = null] = await tx.select().from(supportReplies).where(eq(supportReplies.id, id)).for('update');
          if (!old) throw notFound();
          [saved] = await tx
            .update(supportReplies)
            .set({ ...input, updatedBy: operator.id, updatedAt: now })
            .where(eq(supportReplies.id, id))
            .returning();
        }
        if (!saved) throw new Error('reply not stored');
        await audit(
          tx,
          req,
          id === undefined ? 'support.replyTemplate.create' : 'support.replyTemplate.update',
          { type: 'supportReply', id: saved.id },
          change(old, saved),
        );
        return toTemplate({ r: saved, by: operator.username });
      });
    },

    async deleteTemplate(req: FastifyRequest, id: number) {
      return db.transaction(async (tx) => {
        const [old] = await tx.delete(supportReplies).where(eq(supportReplies.id, id)).returning();
        if (!old) throw notFound();
        await audit(tx, req, 'support.replyTemplate.delete', { type: 'supportReply', id }, change(old, null));
        return { ok: true as const };
      });
    },
  };
}

function toTemplate(r: { r: typeof supportReplies.$inferSelect; by: string | null }): SupportReplyTemplate {
  return {
    id: r.r.id,
    title: r.r.title,
    text: r.r.text,
    language: r.r.language,
    updatedBy: r.by,
    updateTimestamp: r.r.updatedAt.getTime(),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
