/** Where a withdrawal goes: the caller's bank cards or crypto wallets, and the routes that manage them. */
import type { BankCard, CryptoWallet, WithdrawalRecord } from '@beurs/contracts';
import { useBankCardsQuery, useCryptoWalletsQuery } from '../../../api/cards';
import { paths } from '../../../app/paths';
import type { BoundaryQuery } from '../../../components/States';
import { maskAccountNumber } from '../../bcard/index';
import { shorten } from '../../deposit/record';
import { networkLabel } from '../../vm/index';

export type DestinationKind = 'bank' | 'crypto';

export type Destination = BankCard | CryptoWallet;

/** The routes of each kind: its withdraw screen, adding a destination, managing them. */
export const destinationPaths: Record<
  DestinationKind,
  { self: () => string; add: () => string; manage: () => string }
> = {
  bank: { self: paths.withdrawBank, add: () => paths.bankCardEdit(), manage: paths.bankCards },
  crypto: { self: paths.withdrawCrypto, add: () => paths.cryptoWalletEdit(), manage: paths.cryptoWallets },
};

/** "ING Bank •••• 4300" or "USDT · TRC20 TQ4b…x9Lm": where the money goes, short. */
export function destinationText(d: WithdrawalRecord['destination'] | Destination): string {
  return d.kind === 'bank'
    ? `${d.bankName} ${maskAccountNumber(d.cardNo)}`
    : `${networkLabel(d.currencyType)} ${shorten(d.address, 8, 6)}`;
}

export function useDestinations(kind: DestinationKind) {
  const bank = useBankCardsQuery();
  const crypto = useCryptoWalletsQuery();
  const query: BoundaryQuery<{ items: readonly Destination[] }> = kind === 'bank' ? bank : crypto;
  return { query, items: query.data?.items ?? [] };
}
