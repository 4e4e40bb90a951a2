/**
 * A financed subscription in pendingPayment (docs/primary-markets.md "IPO financing"): the make-up difference due and
 * its deadline, and Pay: a confirmation that lists what moves (the deposit held, the make-up from the balance, the
 * interest in it, the shares delivered at the listing), then one keyed send of /NewShares/pay. A refusal is shown
 * translated with what to do (a shortfall links to a transfer into Subscriptions, prefilled with what the wallet
 * lacks: the make-up less what it holds, not the whole make-up).
 */
import type { Currency, Subscription } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayMakeUpMutation } from '../../api/primary';
import { useWalletBalancesQuery } from '../../api/wallet';
import { useFormatters } from '../../lib/format';
import { Button } from '../Button';
import { useMoneyFormat } from '../money/format';
import { MoneyText } from '../money/MoneyText';
import { shortfall, shortfallSource } from '../trading/figures';
import { ConfirmSheet } from '../trading/Sheet';
import { TradeError } from '../trading/TradeError';
import { useKeyedSend } from '../trading/useKeyedSend';

export function MakeUpPay({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const pay = usePayMakeUpMutation();
  const balances = useWalletBalancesQuery({ enabled: pay.isError });
  const subscriptions = balances.data?.find((b) => b.walletType === 'SUBSCRIPTION' && b.currency === s.currency);
  const send = useKeyedSend(pay);
  const [confirming, setConfirming] = useState(false);
  /** Paid here: said at once (the refetched list then shows it allotted), and never sent again from this row. */
  const [paid, setPaid] = useState(false);
  if (paid) {
    return (
      <p className="ticket-hint" data-testid="ipo-makeup-paid">
        {t('ipo.financing.paid')}
      </p>
    );
  }
  if (s.status !== 'pendingPayment' || !s.makeUp || s.paymentDueAtTimestamp === null) return null;
  const currency = s.currency as Currency;
  const money = (value: string | null) => <MoneyText amount={value ?? undefined} currency={currency} />;
  const due = f.dateTime(s.paymentDueAtTimestamp, 'minutes');
  const makeUp = moneyFormat.amount(s.makeUp, { currency });
  return (
    <div className="ipo-makeup" data-testid="ipo-makeup-due" data-id={s.id}>
      <p className="ticket-hint">
        <strong>{t('ipo.financing.dueLine', { amount: makeUp, due })}</strong>
      </p>
      <Button
        color="primary"
        shape="rounded"
        size="small"
        onClick={() => {
          pay.reset();
          setConfirming(true);
        }}
        data-testid="ipo-pay"
      >
        {t('ipo.financing.pay')}
      </Button>
      {pay.isError && (
        <TradeError
          error={pay.error}
          reveal
          actions={{
            wallet: 'SUBSCRIPTION',
            shortfall: {
              // What Subscriptions lacks (the make-up less what it holds, read after the refusal), from the wallet in
              // its currency that holds the most; the whole make-up while the balance is unknown.
              amount: shortfall(s.makeUp, subscriptions?.balance) ?? s.makeUp,
              currency,
              from: shortfallSource('SUBSCRIPTION', balances.data),
            },
          }}
        />
      )}
      <ConfirmSheet
        visible={confirming}
        onClose={() => setConfirming(false)}
        title={t('ipo.financing.payTitle', { code: s.code })}
        pending={pay.isPending}
        confirmText={t('ipo.financing.paySubmit', { amount: makeUp })}
        note={t('ipo.financing.payNote', { amount: makeUp })}
        onConfirm={() => {
          if (pay.isPending) return;
          send(
            { id: s.id },
            {
              onSuccess: () => {
                setConfirming(false);
                setPaid(true);
              },
              onError: () => setConfirming(false),
            },
          );
        }}
        rows={[
          { label: t('trading.labels.instrument'), value: `${s.name} (${s.code})` },
          { label: t('ipo.labels.allottedQuantity'), value: f.integer(s.allottedQuantity) },
          { label: t('ipo.financing.fromDeposit'), value: money(s.deposit), testId: 'pay-deposit' },
          { label: t('ipo.financing.makeUpDue'), value: money(s.makeUp), testId: 'pay-makeup', strong: true },
          { label: t('ipo.financing.interestIncluded'), value: money(s.interest), testId: 'pay-interest' },
          { label: t('ipo.financing.due'), value: due },
          { label: t('ipo.labels.listingDate'), value: f.dateTime(s.marketDateTimestamp, 'date') },
          { label: t('ipo.labels.wallet'), value: t(`wallets.${s.walletType}`) },
        ]}
      />
    </div>
  );
}
