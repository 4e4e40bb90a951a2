/**
 * Account events (docs/markets.md "Account events"): while a customer is signed in the live socket is tied
 * to them, and each event refetches what it changed, so a decided identity check, a credited deposit, a
 * paid withdrawal or a filled order shows at once on the open screen instead of after the 30 s cache. Only
 * queries on screen refetch; the others are marked stale and refetch when next shown.
 */
import type { MessageKind } from '@beurs/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { articleKeys } from './articles';
import { auctionKeys } from './auction';
import { blockKeys } from './blocktrade';
import { bondKeys } from './bonds';
import { depositKeys } from './deposit';
import { followKeys } from './follow';
import { fundKeys } from './funds';
import { inboxKeys } from './inbox';
import { liveQuotes } from './live';
import { loanKeys } from './loan';
import { primaryKeys } from './primary';
import { quantKeys } from './quant';
import { queryClient } from './queryClient';
import { getToken, onTokenChange } from './session';
import { supportKeys } from './support';
import { tradingKeys } from './trading';
import { userKeys } from './user';
import { walletKeys } from './wallet';
import { withdrawalKeys } from './withdrawal';

/** What each kind of event changes; every event also brings an inbox message (the unread badge). */
const CHANGES: Record<MessageKind, readonly QueryKey[]> = {
  kycApproved: [userKeys.all],
  kycRejected: [userKeys.all],
  depositApproved: [walletKeys.all, depositKeys.records(), withdrawalKeys.all],
  depositRejected: [depositKeys.records()],
  withdrawalPaid: [walletKeys.all, withdrawalKeys.all],
  withdrawalRejected: [walletKeys.all, withdrawalKeys.all],
  adjustmentCredit: [walletKeys.all, withdrawalKeys.all],
  adjustmentDebit: [walletKeys.all, withdrawalKeys.all],
  orderFilled: [tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  positionClosed: [tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  closeOut: [tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  stopLoss: [tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  takeProfit: [tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  blockApproved: [blockKeys.all],
  blockRejected: [blockKeys.all],
  auctionNotFilled: [auctionKeys.all, tradingKeys.all, walletKeys.all, withdrawalKeys.all],
  ipoPaymentDue: [primaryKeys.all, walletKeys.all, withdrawalKeys.all],
  ipoPaymentReminder: [primaryKeys.all],
  ipoPaymentLapsed: [primaryKeys.all, walletKeys.all, withdrawalKeys.all],
  bondCouponPaid: [bondKeys.all, walletKeys.all, withdrawalKeys.all],
  bondRedeemed: [bondKeys.all, walletKeys.all, withdrawalKeys.all],
  announcement: [articleKeys.all],
  loanApproved: [loanKeys.all, walletKeys.all, withdrawalKeys.all],
  loanRejected: [loanKeys.all],
  loanCollateralShort: [loanKeys.all],
  fundMatured: [fundKeys.all, walletKeys.all, withdrawalKeys.all],
  followPaid: [followKeys.all, walletKeys.all, withdrawalKeys.all],
  quantPaid: [quantKeys.all, walletKeys.all, withdrawalKeys.all],
  supportAnswered: [supportKeys.all],
};
/** After a lost connection events may have been missed: everything an event can change, support's events included. */
const EVERYTHING = [...new Set([...Object.values(CHANGES).flat(), supportKeys.all])];

export function keysChangedBy(kind: MessageKind | null): readonly QueryKey[] {
  return [inboxKeys.all, ...(kind ? CHANGES[kind] : EVERYTHING)];
}

let started = false;

/** Ties the live socket to whoever is signed in, now and at every login and logout. Once per page. */
export function startAccountEvents(): void {
  if (started) return;
  started = true;
  liveQuotes.setAuth(getToken());
  onTokenChange(() => liveQuotes.setAuth(getToken()));
  liveQuotes.subscribeAccount((kind) => {
    for (const queryKey of keysChangedBy(kind)) void queryClient.invalidateQueries({ queryKey });
  });
  // A support message or a change of a conversation (docs/support.md): its thread and the lists with their badges.
  liveQuotes.subscribeSupport((conversationId) => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.thread(conversationId) });
    void queryClient.invalidateQueries({ queryKey: supportKeys.lists() });
  });
}
