/**
 * WalletPicker: choose one of the customer's wallets (SPEC §3 wallet types) from a sheet that shows each
 * wallet's currency and available balance. Generic, for every money screen (transfer, deposit, withdraw):
 *
 *   <Field name="walletType" label={t('wallet.wallet')} rules={[schemaRule(wallet.walletType)]}>
 *     <WalletPicker wallets={['BALANCE', 'US_STOCK']} testId="deposit-wallet" />
 *   </Field>
 *
 * - Works as a form control: `value` / `onChange` (a Wallet such as 'BALANCE'), `id` for its label.
 * - `wallets` limits the choice (default: every wallet, in the catalogue order), `exclude` hides some.
 * - Balances come from useWalletBalancesQuery (shared cache); `showBalance={false}` leaves them out.
 * - Test ids: `testId` on the trigger, `${testId}-option-${wallet}` on each choice.
 */
import { type Currency, DEFAULT_WALLET_CURRENCY, WALLETS, type Wallet, type WalletBalance } from '@beurs/contracts';
import { Popup } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletBalancesQuery } from '../../api/wallet';
import { Icon } from '../Icon';
import { ErrorState, Loading } from '../States';
import { MoneyText } from './MoneyText';
import './money.css';

export interface WalletPickerProps {
  id?: string;
  value?: Wallet;
  onChange?: (wallet: Wallet) => void;
  onBlur?: () => void;
  /** The wallets offered, in this order (default: all). */
  wallets?: readonly Wallet[];
  /** Wallets not offered (e.g. one that cannot receive this currency). */
  exclude?: readonly Wallet[];
  /** Title of the sheet (default "Choose a wallet"). */
  title?: string;
  placeholder?: string;
  /** Show the available balance on the trigger and in the sheet (default true). */
  showBalance?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** The currency a wallet is kept in: the server's answer when we have it, else the default of the contracts. */
export function walletCurrency(wallet: Wallet, balances: readonly WalletBalance[] | undefined): Currency {
  return balances?.find((b) => b.walletType === wallet)?.currency ?? DEFAULT_WALLET_CURRENCY[wallet];
}

export function WalletPicker({
  id,
  value,
  onChange,
  onBlur,
  wallets = WALLETS,
  exclude = [],
  title,
  placeholder,
  showBalance = true,
  disabled,
  testId,
}: WalletPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const balances = useWalletBalancesQuery();
  const offered = wallets.filter((w) => !exclude.includes(w));
  const balanceOf = (wallet: Wallet) => balances.data?.find((b) => b.walletType === wallet);
  const selected = value ? balanceOf(value) : undefined;
  const sheetTitle = title ?? t('wallet.choose');

  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <>
      <button
        id={id}
        type="button"
        className={`select-trigger wallet-trigger${value ? '' : ' select-trigger--empty'}`}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={testId}
        data-value={value}
      >
        {value ? (
          <span className="wallet-trigger__name">
            {t(`wallets.${value}`)}
            <small className="wallet-currency">{walletCurrency(value, balances.data)}</small>
          </span>
        ) : (
          <span>{placeholder ?? sheetTitle}</span>
        )}
        {value && showBalance && selected && (
          <MoneyText className="wallet-trigger__balance" amount={selected.balance} currency={selected.currency} />
        )}
        <Icon name="chevron" size={18} />
      </button>
      <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-label={sheetTitle}>
          <div className="sheet__header">
            <h2 className="sheet__title">{sheetTitle}</h2>
            <button type="button" className="sheet__close" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
          <div className="sheet__body">
            {showBalance && balances.isPending ? (
              <Loading />
            ) : showBalance && balances.isError ? (
              <ErrorState error={balances.error} onRetry={() => balances.refetch()} />
            ) : (
              <ul className="option-list">
                {offered.map((wallet) => {
                  const balance = balanceOf(wallet);
                  const active = wallet === value;
                  return (
                    <li key={wallet}>
                      <button
                        type="button"
                        className={`option-list__item${active ? ' option-list__item--active' : ''}`}
                        aria-pressed={active}
                        data-testid={testId ? `${testId}-option-${wallet}` : undefined}
                        onClick={() => {
                          onChange?.(wallet);
                          close();
                        }}
                      >
                        <span className="option-list__label">
                          {t(`wallets.${wallet}`)}
                          <small className="wallet-currency">{walletCurrency(wallet, balances.data)}</small>
                        </span>
                        {showBalance && balance && (
                          <span className="wallet-option__balance">
                            <MoneyText amount={balance.balance} currency={balance.currency} />
                            <small>{t('wallet.available')}</small>
                          </span>
                        )}
                        <span className="wallet-option__check">{active && <Icon name="check" size={18} />}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
