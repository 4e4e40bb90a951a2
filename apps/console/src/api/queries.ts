/**
 * Query and mutation hooks of the console API, one per endpoint of contracts/endpoints/console.ts,
 * console-money.ts and console-trading.ts.
 */
import { fillPath } from '@beurs/api-client';
import {
  type AssetClass,
  blocktrade,
  consoleApi,
  consoleMoney,
  consoleTrading,
  type DataOf,
  type Endpoint,
  loan,
  type RequestOf,
} from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { t } from '../i18n';
import { api, endSession, queryClient } from './client';
import {
  type AdjustmentParams,
  consoleKeys,
  type LedgerParams,
  type OrderParams,
  type PageParams,
  type PositionParams,
  type QueueKind,
  type QueueParams,
  type SearchPageParams,
} from './keys';
import { session, useSession } from './session';

export type Operator = DataOf<typeof consoleApi.consoleMe>;
export type CustomerRow = DataOf<typeof consoleApi.consoleCustomers>['list'][number];
export type CustomerDetail = DataOf<typeof consoleApi.consoleCustomer>;
export type KycSubmission = CustomerDetail['kyc'][number];
export type OutboxMail = DataOf<typeof consoleApi.consoleOutbox>['list'][number];
export type AuditEntry = DataOf<typeof consoleApi.consoleAudit>['list'][number];
export type KycReviewRow = DataOf<typeof consoleMoney.kycQueue>['list'][number];
export type DepositReviewRow = DataOf<typeof consoleMoney.depositQueue>['list'][number];
export type WithdrawalReviewRow = DataOf<typeof consoleMoney.withdrawalQueue>['list'][number];
export type BlockPermissionReviewRow = DataOf<typeof blocktrade.blockPermissionQueue>['list'][number];
export type LoanReviewRow = DataOf<typeof loan.loanQueue>['list'][number];
export type CustomerWallet = DataOf<typeof consoleMoney.customerWallets>[number];
export type LedgerPosting = DataOf<typeof consoleMoney.customerLedger>['list'][number];
export type DepositChannel = DataOf<typeof consoleMoney.depositChannels>[number];
export type DepositChannelInput = RequestOf<typeof consoleMoney.depositChannelCreate>;
export type AdjustmentInput = RequestOf<typeof consoleMoney.adjustmentPropose>;
export type AdjustmentProposal = DataOf<typeof consoleMoney.adjustmentPropose>;
export type TrialBalance = DataOf<typeof consoleMoney.trialBalance>;
export type TrialBalanceChecks = DataOf<typeof consoleMoney.trialBalanceChecks>;
export type TradingSetting = DataOf<typeof consoleTrading.tradingSettings>[number];
export type TradingSettingInput = RequestOf<typeof consoleTrading.tradingSettingUpdate>;
export type CustomerPosition = DataOf<typeof consoleTrading.customerPositions>['list'][number];
export type CustomerOrder = DataOf<typeof consoleTrading.customerOrders>['list'][number];

/**
 * The shared client's typing does not accept path params yet (`Args` tests `E['params'] extends
 * object`, which an optional property never satisfies), so the path is filled here with its own
 * fillPath and the endpoint is called as one without params.
 */
function withPathParams<E extends Endpoint>(endpoint: E, params: Record<string, string | number>) {
  return { ...endpoint, path: fillPath(endpoint.path, params), params: undefined };
}

/** Empty search terms are left out of the query string rather than sent as `q=`. */
const searchRequest = ({ q, page, pageSize }: SearchPageParams) => ({ q: q || undefined, page, pageSize });

export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => api.call(consoleApi.consoleMe, {}, undefined, { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

export function useCustomers(params: SearchPageParams) {
  return useQuery({
    queryKey: consoleKeys.customers(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleCustomers, searchRequest(params), undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: consoleKeys.customer(id),
    queryFn: ({ signal }) => api.call(withPathParams(consoleApi.consoleCustomer, { id }), {}, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    // The document links are signed for a limited time: do not keep showing stale ones.
    staleTime: 0,
  });
}

export function useOutbox(params: SearchPageParams) {
  return useQuery({
    queryKey: consoleKeys.outbox(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleOutbox, searchRequest(params), undefined, { signal }),
    placeholderData: keepPreviousData,
    // No polling: every read of customers' mail is audited, and codes are redacted (nothing to wait for here).
  });
}

export function useAudit(params: PageParams, enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.audit(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleAudit, params, undefined, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// ------------------------------------------------------------------------------------ review queues

/** The list and the two decisions of each queue, so one page component serves all three. */
const queueEndpoints = {
  kyc: { list: consoleMoney.kycQueue, approve: consoleMoney.kycApprove, reject: consoleMoney.kycReject },
  deposits: {
    list: consoleMoney.depositQueue,
    approve: consoleMoney.depositApprove,
    reject: consoleMoney.depositReject,
  },
  withdrawals: {
    list: consoleMoney.withdrawalQueue,
    approve: consoleMoney.withdrawalApprove,
    reject: consoleMoney.withdrawalReject,
  },
  blockPermissions: {
    list: blocktrade.blockPermissionQueue,
    approve: blocktrade.blockPermissionApprove,
    reject: blocktrade.blockPermissionRefuse,
  },
  loans: { list: loan.loanQueue, approve: loan.loanApprove, reject: loan.loanReject },
} as const;

export interface QueueRows {
  kyc: KycReviewRow;
  deposits: DepositReviewRow;
  withdrawals: WithdrawalReviewRow;
  blockPermissions: BlockPermissionReviewRow;
  loans: LoanReviewRow;
}

export function useQueue<K extends QueueKind>(kind: K, params: QueueParams) {
  return useQuery({
    queryKey: consoleKeys.queue(kind, params),
    queryFn: async ({ signal }) => {
      const { q, page, pageSize } = searchRequest(params);
      const data = await api.call(queueEndpoints[kind].list, { status: params.status, q, page, pageSize }, undefined, {
        signal,
      });
      return data as { list: QueueRows[K][]; total: number; page: number; pageSize: number };
    },
    placeholderData: keepPreviousData,
  });
}

/** After a decision the queues, the pending counts and the customer's page are out of date. */
function afterReview(customerId: number) {
  void queryClient.invalidateQueries({ queryKey: consoleKeys.queues() });
  void queryClient.invalidateQueries({ queryKey: consoleKeys.trialBalance() });
  void queryClient.invalidateQueries({ queryKey: consoleKeys.customer(customerId) });
}

export type ReviewDecision =
  /** `payoutReference`: a withdrawal's bank reference or transaction hash (required there, absent elsewhere). */
  { action: 'approve'; id: number; payoutReference?: string } | { action: 'reject'; id: number; reason: string };

export function useReview<K extends QueueKind>(kind: K) {
  return useMutation({
    mutationFn: async (decision: ReviewDecision): Promise<QueueRows[K]> => {
      const endpoints = queueEndpoints[kind];
      const row =
        decision.action === 'approve'
          ? await api.call(
              withPathParams(endpoints.approve, { id: decision.id }),
              decision.payoutReference === undefined ? {} : { payoutReference: decision.payoutReference },
            )
          : await api.call(withPathParams(endpoints.reject, { id: decision.id }), { reason: decision.reason });
      return row as QueueRows[K];
    },
    onSuccess: (row) => afterReview(row.customerId),
    // Most likely someone else decided first: show the queue as it is now.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.queues() });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.trialBalance() });
    },
  });
}

/** The scheduled trial balance's latest check and its unbalanced ones (the alert of the layout and Books). */
export function useTrialBalanceChecks(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.trialBalanceChecks(),
    queryFn: ({ signal }) => api.call(consoleMoney.trialBalanceChecks, {}, undefined, { signal }),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

/** The pending counts of the side menu, from the trial balance. */
export function useTrialBalance(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.trialBalance(),
    queryFn: ({ signal }) => api.call(consoleMoney.trialBalance, {}, undefined, { signal }),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

// ------------------------------------------------------------------------------------ customer money

export function useCustomerWallets(id: number) {
  return useQuery({
    queryKey: consoleKeys.customerWallets(id),
    queryFn: ({ signal }) => api.call(withPathParams(consoleMoney.customerWallets, { id }), {}, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCustomerLedger(id: number, params: LedgerParams) {
  return useQuery({
    queryKey: consoleKeys.customerLedger(id, params),
    queryFn: ({ signal }) =>
      api.call(
        withPathParams(consoleMoney.customerLedger, { id }),
        {
          walletType: params.walletType as RequestOf<typeof consoleMoney.customerLedger>['walletType'],
          page: params.page,
          pageSize: params.pageSize,
        },
        undefined,
        { signal },
      ),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

// ------------------------------------------------------------------------------ adjustments (four eyes)

export function useAdjustments(
  params: AdjustmentParams,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: consoleKeys.adjustments(params),
    queryFn: ({ signal }) =>
      api.call(
        consoleMoney.adjustmentQueue,
        { ...searchRequest(params), status: params.status, customerId: params.customerId },
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** After a proposal changed: its lists, and what an approval moved. */
function adjustmentsChanged(customerId: number, posted: boolean) {
  void queryClient.invalidateQueries({ queryKey: consoleKeys.adjustmentsAll() });
  if (!posted) return;
  void queryClient.invalidateQueries({ queryKey: consoleKeys.customerWallets(customerId) });
  void queryClient.invalidateQueries({ queryKey: consoleKeys.customerLedgerAll(customerId) });
  void queryClient.invalidateQueries({ queryKey: consoleKeys.trialBalance() });
}

/** Proposes an adjustment: nothing moves until another operator approves it. */
export function useProposeAdjustment(customerId: number) {
  return useMutation({
    mutationFn: (input: AdjustmentInput) =>
      api.call(withPathParams(consoleMoney.adjustmentPropose, { id: customerId }), input),
    onSuccess: () => adjustmentsChanged(customerId, false),
  });
}

/**
 * Approves, rejects or withdraws a proposal. An approval posts money, so it carries an idempotency key, made
 * when the operator opens the confirmation and reused if that same confirmation is retried.
 */
export function useDecideAdjustment() {
  return useMutation({
    mutationFn: (
      decision:
        | { action: 'approve'; proposal: AdjustmentProposal; idempotencyKey: string }
        | { action: 'reject'; proposal: AdjustmentProposal; reason: string }
        | { action: 'cancel'; proposal: AdjustmentProposal },
    ) => {
      const { id } = decision.proposal;
      if (decision.action === 'approve')
        return api.call(withPathParams(consoleMoney.adjustmentApprove, { id }), {}, undefined, {
          idempotencyKey: decision.idempotencyKey,
        });
      if (decision.action === 'reject')
        return api.call(withPathParams(consoleMoney.adjustmentReject, { id }), { reason: decision.reason });
      return api.call(withPathParams(consoleMoney.adjustmentCancel, { id }), {});
    },
    onSuccess: (proposal) => adjustmentsChanged(proposal.customerId, proposal.status === 'approved'),
  });
}

// ---------------------------------------------------------------------------------- deposit channels

export function useDepositChannels() {
  return useQuery({
    queryKey: consoleKeys.depositChannels(),
    queryFn: ({ signal }) => api.call(consoleMoney.depositChannels, {}, undefined, { signal }),
  });
}

export function useSaveDepositChannel() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DepositChannelInput }) =>
      id === null
        ? api.call(consoleMoney.depositChannelCreate, input)
        : api.call(withPathParams(consoleMoney.depositChannelUpdate, { id }), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.depositChannels() }),
  });
}

// ------------------------------------------------------------------------------------------------ trading

export function useTradingSettings() {
  return useQuery({
    queryKey: consoleKeys.tradingSettings(),
    queryFn: ({ signal }) => api.call(consoleTrading.tradingSettings, {}, undefined, { signal }),
  });
}

export function useUpdateTradingSetting() {
  return useMutation({
    mutationFn: ({ assetClass, input }: { assetClass: AssetClass; input: TradingSettingInput }) =>
      api.call(withPathParams(consoleTrading.tradingSettingUpdate, { assetClass }), input),
    onSuccess: (saved) => {
      queryClient.setQueryData<TradingSetting[]>(consoleKeys.tradingSettings(), (rows) =>
        rows?.map((row) => (row.assetClass === saved.assetClass ? saved : row)),
      );
      void queryClient.invalidateQueries({ queryKey: consoleKeys.tradingSettings() });
    },
  });
}

export function useCustomerPositions(id: number, params: PositionParams, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: consoleKeys.customerPositions(id, params),
    queryFn: ({ signal }) =>
      api.call(withPathParams(consoleTrading.customerPositions, { id }), params, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

export function useCustomerOrders(id: number, params: OrderParams) {
  return useQuery({
    queryKey: consoleKeys.customerOrders(id, params),
    queryFn: ({ signal }) =>
      api.call(withPathParams(consoleTrading.customerOrders, { id }), params, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

// -------------------------------------------------------------------------------------------- session

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: RequestOf<typeof consoleApi.consoleLogin>) =>
      api.call(consoleApi.consoleLogin, credentials),
    onSuccess: (data) => {
      queryClient.clear();
      // The deadline by this browser's clock: the server's clock may differ (or run simulated time).
      session.start(data.token, Date.now() + data.expiresIn * 1000);
      // /console/me is read next: it also says whether the operator must set up a second factor first.
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.call(consoleApi.consoleLogout, {}),
    // Whatever the server said, this tab forgets the token.
    onSettled: () => endSession('loggedOut', t('login.loggedOut')),
  });
}
