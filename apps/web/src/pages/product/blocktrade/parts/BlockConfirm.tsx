/**
 * The confirmation of a block order: every figure agreed to (frozen at the review), then the customer's own
 * transaction password (and the second-factor code when it is on): never a key from staff. A wrong password or a
 * used-up attempt limit is said here and the sheet stays open.
 */
import '../../../../app/antdMobile';
import type { Currency } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../app/paths';
import { useMoneyFormat } from '../../../../components/money/format';
import { MoneyMoveSecret, moneyMoveSecretComplete } from '../../../../components/money/MoneyMoveSecret';
import { MoneyText } from '../../../../components/money/MoneyText';
import { ConfirmSheet } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/toast';
import { priceDecimals } from './DeskList';
import { type BlockTicketState, isSecretRefusal } from './useBlockTicket';

export function BlockConfirm({ ticket: s }: { ticket: BlockTicketState }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const r = s.reviewed;
  const currency = (r?.stock.walletCurrency ?? 'EUR') as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const secretError = s.buy.isError && isSecretRefusal(s.buy.error) ? errorMessage(s.buy.error) : null;
  const ready = moneyMoveSecretComplete(s.payPassword, s.totpEnabled, s.totpCode);
  const [tried, setTried] = useState(false);
  return (
    <ConfirmSheet
      visible={s.confirming && r !== null}
      onClose={s.close}
      title={t('block.confirm.title', { code: r?.stock.code ?? '' })}
      pending={s.buy.isPending}
      onConfirm={() => {
        setTried(!ready);
        if (ready) s.submit();
      }}
      confirmText={t('block.confirm.submit', { amount: moneyFormat.amount(r?.figures.total, { currency }) })}
      note={t('block.confirm.note')}
      rows={[
        { label: t('trading.labels.instrument'), value: `${r?.stock.name ?? ''} (${r?.stock.code ?? ''})` },
        { label: t('block.ticket.quantity'), value: f.integer(r?.figures.quantity), testId: 'confirm-quantity' },
        {
          label: t('block.labels.deskPrice'),
          value: r
            ? `${f.number(r.stock.deskPrice, priceDecimals(r.stock.deskPrice, r.stock.quotePrice))} ${r.stock.currency}`
            : '',
          testId: 'confirm-price',
        },
        { label: t('block.labels.amount'), value: money(r?.figures.amount), testId: 'confirm-amount' },
        { label: t('block.labels.fee'), value: money(r?.figures.fee), testId: 'confirm-fee' },
        { label: t('block.labels.total'), value: money(r?.figures.total), testId: 'confirm-total', strong: true },
      ]}
    >
      <div className="block-secret">
        <MoneyMoveSecret
          id="block"
          payPassword={s.payPassword}
          onPayPassword={s.setPayPassword}
          totpEnabled={s.totpEnabled}
          totpCode={s.totpCode}
          onTotpCode={s.setTotpCode}
        />
        <span className="form-hint">
          {t('block.confirm.ownPassword')} <Link to={paths.payPassword()}>{t('withdraw.forgotPayPassword')}</Link>
        </span>
        {tried && !ready && (
          <p className="ticket-error" data-testid="block-secret-missing">
            {t('block.confirm.enterSecret')}
          </p>
        )}
        {secretError && (
          <p className="ticket-error" role="alert" data-testid="block-secret-error">
            {secretError}
          </p>
        )}
      </div>
    </ConfirmSheet>
  );
}
