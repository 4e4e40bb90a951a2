/**
 * Digital-currency wallets (SPEC §2 vm/index): the caller's crypto withdrawal addresses (network and a
 * shortened address) with edit and delete (after a confirmation), and a button to add one.
 */
import type { CryptoWallet } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCryptoWalletsQuery } from '../../api/cards';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import { useFormatters } from '../../lib/format';
import { AccountTile, AddFooter, useConfirmDelete } from '../bcard/index';
import { shorten } from '../deposit/record';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

/** "USDT · TRC20" for "USDT-TRC20"; BTC and ETH as they are. */
export function networkLabel(network: string): string {
  return network.replace('-', ' · ');
}

function WalletTile({ item, onDelete, deleting }: { item: CryptoWallet; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  return (
    <AccountTile
      icon="coin"
      title={networkLabel(item.currencyType)}
      number={shorten(item.address, 10, 8)}
      detail={t('cards.addedOn', { date: f.dateTime(item.createTimeTimestamp) })}
      onEdit={() => navigate(paths.cryptoWalletEdit({ id: item.id }))}
      onDelete={onDelete}
      deleting={deleting}
      testId={`crypto-wallet-${item.id}`}
    />
  );
}

export function CryptoWalletsPage() {
  const { t } = useTranslation();
  const wallets = useCryptoWalletsQuery();
  const { confirm, pendingId } = useConfirmDelete();
  return (
    <Page
      footer={
        wallets.isSuccess ? (
          <AddFooter
            total={wallets.data.total}
            label={t('cards.addWallet')}
            to={paths.cryptoWalletEdit()}
            testId="add-crypto-wallet"
          />
        ) : undefined
      }
    >
      <QueryBoundary
        query={wallets}
        empty={(data) => data.items.length === 0}
        emptyView={<EmptyState icon="wallet" title={t('cards.noWallets')} description={t('cards.noWalletsText')} />}
      >
        {(data) => (
          <>
            <p className="page-lead">{t('cards.walletsLead')}</p>
            <ul className="account-tiles" data-testid="crypto-wallets">
              {data.items.map((item) => (
                <WalletTile
                  key={item.id}
                  item={item}
                  deleting={pendingId === item.id}
                  onDelete={() =>
                    void confirm(
                      item.id,
                      `${networkLabel(item.currencyType)} ${shorten(item.address, 10, 8)}`,
                      'crypto',
                    )
                  }
                />
              ))}
            </ul>
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
