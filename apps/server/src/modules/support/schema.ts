/**
 * Customer service (migration 0031, hand-written: its source of truth; docs/support.md). A conversation per topic a
 * customer raises, its messages (append-only: the app role may insert and read them, never change or delete one,
 * platform/db/roles.ts), and the operators' reusable replies. Read marks are the last message id each side has read,
 * kept on the conversation, so reading never touches a message.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.js';
import { files, operators, users } from '../../platform/db/schema.js';

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    /** The language of the screen the conversation was started from (the request's), which replies are offered in. */
    language: text('language').notNull(),
    /** open: waiting for an operator; pending: answered, waiting for the customer; closed. */
    status: text('status').notNull().default('open'),
    assignedOperatorId: bigint('assigned_operator_id', { mode: 'number' }).references(() => operators.id),
    /** The last message id each side has read (0: none). */
    customerReadId: bigint('customer_read_id', { mode: 'number' }).notNull().default(0),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: ts('last_message_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('support_conversations_user').on(t.userId, t.lastMessageAt),
    index('support_conversations_queue').on(t.status, t.lastMessageAt),
    check('support_conversations_status', sql`${t.status} in ('open', 'pending', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    /** customer or operator; an operator's message names the operator. */
    sender: text('sender').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    text: text('text'),
    fileId: text('file_id').references(() => files.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('support_messages_conversation').on(t.conversationId, t.id),
    check(
      'support_messages_sender',
      sql`(${t.sender} = 'customer' and ${t.operatorId} is null) or (${t.sender} = 'operator' and ${t.operatorId} is not null)`,
    ),
    check('support_messages_content', sql`${t.text} is not null or ${t.fileId} is not null`),
  ],
);

export const supportReplies = pgTable('support_replies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  language: text('language').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  updatedAt: ts('updated_at').notNull(),
});
