/**
 * The ticket of one open placing, in a sheet: the price and lock-up, the lots (the IPO ticket's stepper), what is
 * held at most (lots × hold per lot + the published fee, in the Subscriptions wallet's currency), then the
 * confirmation with every figure and the customer's own transaction password (never a key from staff), and the
 * result. A refusal is said in place with its reason.
 */
import type { Currency } from '@beurs/contracts';
import '../../../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlacingItem } from '../../../../api/placing';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { useMoneyFormat } from '../../../../components/money/format';
import { MoneyMoveSecret, moneyMoveSecretComplete } from '../../../../components/money/MoneyMoveSecret';
import { MoneyText } from '../../../../components/money/MoneyText';
import { LotStepper } from '../../../../components/primary/SubscribeTicket/LotStepper';
import { ErrorState, Loading } from '../../../../components/States';
import { usePriceText } from '../../../../components/trading/Rows';
import { ConfirmSheet, Facts, Sheet } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/toast';
import { isSecretRefusal, useApplyTicket } from './useApplyTicket';

export function PlacingTicket({ placing: p, onClose }: { placing: PlacingItem; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const s = useApplyTicket(p);
  const currency = (s.info?.currency ?? 'USD') as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const priceText = usePriceText();
  const price = p.price === null ? '' : `${priceText(p.price)} ${p.currency}`;
  // The hold is in the wallet's currency: the live rate it is converted at, as the IPO ticket shows it.
  const rateRow = s.info !== undefined &&
    s.info.priceCurrency !== s.info.currency && {
      label: t('ipo.labels.rate'),
      value: `1 ${s.info.priceCurrency} = ${f.rate(s.info.rate)} ${s.info.currency}`,
      testId: 'placing-rate',
    };
  const error = s.apply.isError ? errorMessage(s.apply.error) : null;
  const secretError = error && isSecretRefusal(s.apply.error) ? error : null;
  const ready = moneyMoveSecretComplete(s.payPassword, s.totpEnabled, s.totpCode);

  if (s.result) {
    return (
      <Sheet visible title={t('placing.result.title')} onClose={onClose} testId="placing-result" dismiss="close">
        <p data-testid="placing-result-text">
          {t('placing.result.text', {
            code: p.code,
            amount: moneyFormat.amount(s.result.total, { code: s.result.currency }),
            closes: f.dateTime(p.closesAtTimestamp, 'minutes'),
          })}
        </p>
        <Link to={paths.placingRecord()} className="text-link" data-testid="placing-to-record">
          {t('placing.viewRecord')} ›
        </Link>
      </Sheet>
    );
  }

  return (
    <>
      <Sheet
        visible={!s.confirming}
        title={t('placing.ticket.title', { code: p.code })}
        onClose={onClose}
        testId="placing-ticket"
      >
        {s.ticket.isError ? (
          <ErrorState error={s.ticket.error} onRetry={() => s.ticket.refetch()} />
        ) : !s.info ? (
          <Loading />
        ) : (
          <>
            <Facts
              rows={[
                { label: t('placing.labels.price'), value: price, testId: 'placing-ticket-price' },
                rateRow,
                {
                  label: t('placing.labels.lockup'),
                  value: t('placing.lockupValue', {
                    days: p.lockupDays,
                    date: f.dateTime(p.lockupEndsTimestamp, 'date'),
                  }),
                },
              ]}
            />
            <LotStepper
              lots={s.lots}
              lotSize={p.lotSize}
              maxLots={s.maxLots}
              offeredLots={s.offeredLots}
              onLots={s.setLots}
              problem={s.problem}
            />
            <Facts
              rows={[
                { label: t('placing.labels.amount'), value: money(s.figures?.amount), testId: 'placing-amount' },
                { label: t('ipo.labels.fee'), value: money(s.figures?.fee ?? s.info.fee) },
                { label: t('ipo.labels.total'), value: money(s.figures?.total), testId: 'placing-total', strong: true },
                { label: t('ipo.labels.available'), value: money(s.info.available) },
              ]}
            />
            {s.problem === 'short' && s.figures?.shortfall && (
              <p className="ticket-error" data-testid="placing-short">
                {t('ipo.ticket.short', { amount: moneyFormat.amount(s.figures.shortfall, { code: currency }) })}
              </p>
            )}
            <p className="ticket-hint">{t('placing.ticket.holdNote')}</p>
            {error && !secretError && (
              <p className="ticket-error" role="alert" data-testid="placing-error">
                {error}
              </p>
            )}
            <Button
              block
              color="primary"
              shape="rounded"
              disabled={s.problem !== null}
              onClick={s.review}
              data-testid="placing-review"
            >
              {t('placing.ticket.review')}
            </Button>
          </>
        )}
      </Sheet>
      <ConfirmSheet
        visible={s.confirming && s.figures !== null}
        onClose={s.close}
        title={t('placing.confirm.title', { code: p.code })}
        pending={s.apply.isPending}
        onConfirm={() => ready && s.submit()}
        confirmText={t('placing.confirm.submit', { amount: moneyFormat.amount(s.figures?.total, { code: currency }) })}
        note={t('placing.confirm.note')}
        rows={[
          { label: t('trading.labels.instrument'), value: `${p.name} (${p.code})` },
          { label: t('ipo.labels.quantity'), value: f.integer(s.figures?.quantity), testId: 'confirm-quantity' },
          { label: t('placing.labels.price'), value: price, testId: 'confirm-price' },
          rateRow,
          { label: t('ipo.labels.total'), value: money(s.figures?.total), testId: 'confirm-total', strong: true },
        ]}
      >
        <div className="placing-secret">
          <MoneyMoveSecret
            id="placing"
            payPassword={s.payPassword}
            onPayPassword={s.setPayPassword}
            totpEnabled={s.totpEnabled}
            totpCode={s.totpCode}
            onTotpCode={s.setTotpCode}
          />
          <span className="form-hint">
            {t('placing.confirm.ownPassword')} <Link to={paths.payPassword()}>{t('withdraw.forgotPayPassword')}</Link>
          </span>
          {(secretError || (s.confirming && error)) && (
            <p className="ticket-error" role="alert" data-testid="placing-secret-error">
              {secretError ?? error}
            </p>
          )}
        </div>
      </ConfirmSheet>
    </>
  );
}
