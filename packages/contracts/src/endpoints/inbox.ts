/**
 * The inbox (SPEC §7 "Messages"): identity results, deposit and withdrawal outcomes and every operator
 * adjustment. Messages are stored as a kind and its figures and written out in the language of the request,
 * so a customer who switches language reads their whole inbox in the new one.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import * as r from '../rules.js';

export const MESSAGE_KINDS = [
  'kycApproved',
  'kycRejected',
  'depositApproved',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'adjustmentCredit',
  'adjustmentDebit',
  // Trading: every fill, close, ESMA close-out and stop (link: /pages/trade/detail?positionId= or ?orderId=).
  'orderFilled',
  'positionClosed',
  'closeOut',
  'stopLoss',
  'takeProfit',
  // Block trading permission decided (link: /pages/product/blocktrade).
  'blockApproved',
  'blockRejected',
  'auctionNotFilled',
  // IPO financing (link: the subscription tab with the subscription open): make-up due, its reminder, the lapse.
  'ipoPaymentDue',
  'ipoPaymentReminder',
  'ipoPaymentLapsed',
  // Treasury bonds, from the bonds job with each payment (link: /pages/bonds/close): a coupon, the face at maturity.
  'bondCouponPaid',
  'bondRedeemed',
  // An operator's announcement to every customer (link: /pages/news/detail?id=).
  'announcement',
  // Loans (link: /pages/loan/index): a decision, and the collateral alert with its time to act.
  'loanApproved',
  'loanRejected',
  'loanCollateralShort',
  // Funds (link: /pages/yinmutual/myhold): a Regular paid back at maturity, principal and interest.
  'fundMatured',
  // Copy trading (link: /pages/trade/index?tab=follow): a follow's term ended and its value less the fee was paid.
  'followPaid',
  // AI quantification (link: /pages/aiquantify/record): a subscription's period ended and its result was paid.
  'quantPaid',
  // Customer service answered (link: /pages/service/chat?id=): one per conversation until the customer reads it.
  'supportAnswered',
] as const;
export const messageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKind>;

export const userMessage = z.object({
  id: z.number().int(),
  kind: messageKind,
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  body: z.string(),
  read: z.boolean(),
  /** The app screen the message is about (a hash route), if any. */
  link: z.string().nullable(),
  createTimestamp: z.number().int(),
});
export type UserMessage = z.infer<typeof userMessage>;

export const getMessages = defineEndpoint({
  method: 'GET',
  path: '/userMessage/getMessage',
  auth: 'user',
  tag: 'inbox',
  summary: "The caller's messages, newest first, with the number unread.",
  request: z.object({
    unreadOnly: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: z.object({
    list: z.array(userMessage),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    unread: z.number().int(),
  }),
});

export const getMessage = defineEndpoint({
  method: 'GET',
  path: '/userMessage/:id',
  auth: 'user',
  tag: 'inbox',
  summary:
    "One of the caller's messages (another user's id answers 404). Reading it does not mark it read; updateRead does.",
  request: z.object({}),
  params: z.object({ id: r.id }),
  data: userMessage,
});

export const updateRead = defineEndpoint({
  method: 'POST',
  path: '/userMessage/updateRead',
  auth: 'user',
  tag: 'inbox',
  summary: 'Mark the given messages (ids) or all (all: true) as read; answers the number still unread.',
  request: z
    .object({ ids: z.array(r.id).max(100).optional(), all: z.boolean().optional() })
    .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, { error: r.V.invalid, path: ['ids'] }),
  data: z.object({ unread: z.number().int() }),
});
