/**
 * Customer service (SPEC §1 "contacting customer service", §7 POST /userCenter/apply/service; issue 18). The readings
 * where the spec is silent are in docs/support.md.
 *
 * A conversation is between one customer and the operators: a topic, a subject, a status (open: waiting for an
 * operator; pending: an operator answered, waiting for the customer; closed) and the operator it is assigned to.
 * Messages are text and images (files uploaded by the customer through /file/upload); every message is kept, never
 * edited or deleted. Each side has a read mark (the last message id it has read): the other side's messages after it
 * are its unread ones, and the customer sees when the operators have read what they sent. A new message is announced
 * at once on the live socket (`support` frames) to the customer's sockets and to every operator's.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LANGUAGES } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';

const ms = z.number().int();

/** What a conversation is about; block-trade permission and loans link to a conversation with their topic. */
export const SUPPORT_TOPICS = ['general', 'account', 'deposit', 'withdrawal', 'trading', 'blockTrade', 'loan'] as const;
export const supportTopic = z.enum(SUPPORT_TOPICS, { error: r.V.invalid });
export type SupportTopic = z.infer<typeof supportTopic>;

/** open: waiting for an operator; pending: answered, waiting for the customer; closed. */
export const SUPPORT_STATUSES = ['open', 'pending', 'closed'] as const;
export const supportStatus = z.enum(SUPPORT_STATUSES, { error: r.V.invalid });
export type SupportStatus = z.infer<typeof supportStatus>;

/** The published limits: a message's text, a subject, and how many messages a customer may send a minute. */
export const SUPPORT_LIMITS = { textMax: 2000, subjectMax: 100, messagesPerMinute: 10 } as const;

export const supportText = z
  .string({ error: r.V.enterText })
  .trim()
  .min(1, { error: r.V.enterText })
  .max(SUPPORT_LIMITS.textMax, { error: r.V.textTooLong });

export const supportSubject = z
  .string({ error: r.V.enterTitle })
  .trim()
  .min(1, { error: r.V.enterTitle })
  .max(SUPPORT_LIMITS.subjectMax, { error: r.V.nameTooLong })
  .refine((s) => !r.LINE_BREAKS.test(s), { error: r.V.singleLine });

/** A customer's message: text, an image, or both; never neither. */
const messageInput = z
  .object({ text: supportText.optional(), fileId: r.fileId.optional() })
  .refine((m) => m.text !== undefined || m.fileId !== undefined, { error: r.V.enterText, path: ['text'] });

export const supportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  from: z.enum(['customer', 'operator']),
  /** The operator's name as the customer sees it (their username); null for the customer's own messages. */
  operatorName: z.string().nullable(),
  text: z.string().nullable(),
  /** An image the customer or an operator sent, behind a signed, short-lived address. */
  image: z.object({ url: z.string(), mime: z.string() }).nullable(),
  /** The other side has read it (its read mark reached it). */
  read: z.boolean(),
  createTimestamp: ms,
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportConversation = z.object({
  id: z.number().int(),
  topic: supportTopic,
  subject: z.string(),
  status: supportStatus,
  /** The other side's messages after the caller's read mark. */
  unread: z.number().int(),
  /** The last message, its text cut to 120 characters (null: an image alone). */
  lastText: z.string().nullable(),
  lastFrom: z.enum(['customer', 'operator']),
  lastMessageTimestamp: ms,
  createTimestamp: ms,
});
export type SupportConversation = z.infer<typeof supportConversation>;

/** One conversation with a page of its messages, oldest first: the newest ones, or those before `beforeId`. */
const thread = <T extends z.ZodType>(conversation: T) =>
  z.object({ conversation, messages: z.array(supportMessage), hasMore: z.boolean() });
export const SUPPORT_THREAD_PAGE = 50;

// ------------------------------------------------------------------------------------------- customer

export const supportApply = defineEndpoint({
  method: 'POST',
  path: '/userCenter/apply/service',
  auth: 'user',
  tag: 'support',
  summary:
    'Start a conversation with customer service: a topic, a subject and a first message (text, an image from /file/upload, or both). Rate-limited with every message (429).',
  request: z
    .object({
      topic: supportTopic.default('general'),
      subject: supportSubject,
      text: supportText.optional(),
      fileId: r.fileId.optional(),
    })
    .refine((m) => m.text !== undefined || m.fileId !== undefined, { error: r.V.enterText, path: ['text'] }),
  data: thread(supportConversation),
});

export const supportList = defineEndpoint({
  method: 'POST',
  path: '/userCenter/service/list',
  auth: 'user',
  tag: 'support',
  summary:
    "The caller's conversations, the latest message first, each with its unread count; `unread`: the caller's unread messages in all of them (the badge).",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(supportConversation).extend({ unread: z.number().int() }),
});

export const supportDetail = defineEndpoint({
  method: 'GET',
  path: '/userCenter/service/:id',
  auth: 'user',
  tag: 'support',
  summary:
    "One of the caller's conversations with its newest messages (or those before `beforeId`), oldest first. Another customer's id answers 404.",
  request: z.object({ beforeId: r.id.optional() }),
  params: z.object({ id: r.id }),
  data: thread(supportConversation),
});

export const supportSend = defineEndpoint({
  method: 'POST',
  path: '/userCenter/service/:id/send',
  auth: 'user',
  tag: 'support',
  summary:
    "Send a message in one of the caller's conversations (text, an image, or both); a closed or answered conversation opens again. Rate-limited (429). Another customer's id answers 404.",
  request: messageInput,
  params: z.object({ id: r.id }),
  data: supportMessage,
});

export const supportRead = defineEndpoint({
  method: 'POST',
  path: '/userCenter/service/:id/read',
  auth: 'user',
  tag: 'support',
  summary:
    "Mark the operators' messages of one of the caller's conversations read; answers the caller's unread messages left in all. Another customer's id answers 404.",
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: z.object({ unread: z.number().int() }),
});

// ------------------------------------------------------------------------------------------- console

export const supportQueueRow = supportConversation.extend({
  customerId: z.number().int(),
  userId: z.string(),
  email: z.string(),
  /** The language of the screen the conversation was started from (not the profile's): answers and reusable replies in it. */
  language: z.enum(LANGUAGES),
  assigneeId: z.number().int().nullable(),
  assignee: z.string().nullable(),
});
export type SupportQueueRow = z.infer<typeof supportQueueRow>;

export const SUPPORT_ASSIGNED = ['any', 'me', 'none'] as const;

export const supportQueue = defineEndpoint({
  method: 'GET',
  path: '/console/support',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "The support inbox: conversations by status (open, pending, closed; all without), by assignment (any, mine, nobody), the latest message first, with the operators' unread counts; `unread`: unread customer messages in all.",
  request: z.object({
    status: supportStatus.optional(),
    assigned: z.enum(SUPPORT_ASSIGNED, { error: r.V.invalid }).default('any'),
    q: z.string().trim().max(100).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(supportQueueRow).extend({ unread: z.number().int() }),
});

export const supportConsoleDetail = defineEndpoint({
  method: 'GET',
  path: '/console/support/:id',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'One conversation with its newest messages (or those before `beforeId`), oldest first.',
  request: z.object({ beforeId: r.id.optional() }),
  params: z.object({ id: r.id }),
  data: thread(supportQueueRow),
});

export const supportReply = defineEndpoint({
  method: 'POST',
  path: '/console/support/:id/reply',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "Answer a conversation (text, an image from /console/file/upload, or both): the customer's messages so far count as read, the conversation waits for the customer (pending), and one nobody had is assigned to the operator who answers. Audited.",
  request: messageInput,
  params: z.object({ id: r.id }),
  data: supportMessage,
});

export const supportConsoleRead = defineEndpoint({
  method: 'POST',
  path: '/console/support/:id/read',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "Mark the customer's messages of a conversation read by the operators; answers the unread left in all.",
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: z.object({ unread: z.number().int() }),
});

export const supportAssign = defineEndpoint({
  method: 'POST',
  path: '/console/support/:id/assign',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Assign a conversation to an operator (or to nobody with null). Audited.',
  request: z.object({ operatorId: r.id.nullable() }),
  params: z.object({ id: r.id }),
  data: supportQueueRow,
});

export const supportSetStatus = defineEndpoint({
  method: 'POST',
  path: '/console/support/:id/status',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Set a conversation open, pending or closed. A customer who writes again opens it again. Audited.',
  request: z.object({ status: supportStatus }),
  params: z.object({ id: r.id }),
  data: supportQueueRow,
});

export const supportOperators = defineEndpoint({
  method: 'GET',
  path: '/console/support-operators',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'The operators a conversation can be assigned to (not disabled).',
  request: z.object({}),
  data: z.array(z.object({ id: z.number().int(), username: z.string() })),
});

// ---- reusable replies, managed in the console

export const supportReplyTemplate = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The language it is written in (en, nl, zh-Hans). */
  language: z.string(),
  updatedBy: z.string().nullable(),
  updateTimestamp: ms,
});
export type SupportReplyTemplate = z.infer<typeof supportReplyTemplate>;

const templateInput = z.object({
  title: supportSubject,
  text: supportText,
  language: z.enum(LANGUAGES, { error: r.V.invalid }),
});

export const supportTemplates = defineEndpoint({
  method: 'GET',
  path: '/console/support-replies',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'The reusable replies, by title.',
  request: z.object({}),
  data: z.array(supportReplyTemplate),
});

export const supportTemplateCreate = defineEndpoint({
  method: 'POST',
  path: '/console/support-replies',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Add a reusable reply. Audited.',
  request: templateInput,
  data: supportReplyTemplate,
});

export const supportTemplateUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/support-replies/:id',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Change a reusable reply. Audited.',
  request: templateInput,
  params: z.object({ id: r.id }),
  data: supportReplyTemplate,
});

export const supportTemplateDelete = defineEndpoint({
  method: 'POST',
  path: '/console/support-replies/:id/delete',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Remove a reusable reply (messages sent with it stay). Audited.',
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: z.object({ ok: z.literal(true) }),
});
