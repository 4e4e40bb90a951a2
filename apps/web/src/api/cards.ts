/**
 * The caller's bank cards and crypto wallets (SPEC §7 /UserAccount): one list of both kinds (the limit
 * of docs/money.md counts them together), read per kind, and add, change and remove.
 */
import type { BankCard, CryptoWallet, RequestOf, UserAccount } from '@beurs/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { wallet } from './endpoints';

export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
};

export const USER_ACCOUNTS_MAX = wallet.USER_ACCOUNTS_MAX;

function useAccountsQuery<T>(select: (accounts: UserAccount[]) => T) {
  return useQuery({
    queryKey: cardKeys.list(),
    queryFn: ({ signal }) => api.call(wallet.selectCardNo, {}, undefined, { signal }),
    select,
  });
}

const onlyBank = (accounts: UserAccount[]) => ({
  items: accounts.filter((a): a is BankCard => a.kind === 'bank'),
  total: accounts.length,
});
const onlyCrypto = (accounts: UserAccount[]) => ({
  items: accounts.filter((a): a is CryptoWallet => a.kind === 'crypto'),
  total: accounts.length,
});

/** The bank cards (`items`) and how many cards and wallets there are in all (`total`). */
export function useBankCardsQuery() {
  return useAccountsQuery(onlyBank);
}

/** The crypto wallets (`items`) and how many cards and wallets there are in all (`total`). */
export function useCryptoWalletsQuery() {
  return useAccountsQuery(onlyCrypto);
}

type AddRequest = RequestOf<typeof wallet.addCardNo>;
type UpdateRequest = RequestOf<typeof wallet.updateCardNo>;

/** Adds (no `id`) or changes (with `id`) a card or wallet. */
export function useSaveAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddRequest | UpdateRequest): Promise<UserAccount> =>
      'id' in request && request.id !== undefined
        ? api.call(wallet.updateCardNo, request as UpdateRequest)
        : api.call(wallet.addCardNo, request as AddRequest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

/** Removes a card or wallet; the list drops it at once. Past withdrawals keep their own copy. */
export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(wallet.deleteCard, { id }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<UserAccount[]>(cardKeys.list(), (list) => list?.filter((a) => a.id !== id));
      void queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}
