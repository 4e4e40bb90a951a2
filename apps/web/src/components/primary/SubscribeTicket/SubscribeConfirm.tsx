/** The confirmation before subscribing: every figure held, the irreversible hold said plainly, one button. */
import type { Currency, Offering } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import type { IpoTicketFigures } from '../../../api/primary';
import { useFormatters } from '../../../lib/format';
import { useMoneyFormat } from '../../money/format';
import { MoneyText } from '../../money/MoneyText';
import { ConfirmSheet } from '../../trading/Sheet';
import type { SubscriptionFigures } from '../figures';

export function SubscribeConfirm({
  offering,
  info,
  figures,
  visible,
  pending,
  onConfirm,
  onClose,
}: {
  offering: Offering;
  info: IpoTicketFigures | undefined;
  figures: SubscriptionFigures | null;
  visible: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const currency = (info?.currency ?? 'EUR') as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const plan = figures?.financing ?? null;
  const terms = info?.financing ?? null;
  return (
    <ConfirmSheet
      visible={visible && figures !== null}
      onClose={onClose}
      title={t('ipo.confirm.title', { code: offering.code })}
      pending={pending}
      onConfirm={onConfirm}
      confirmText={t('ipo.confirm.submit', { amount: moneyFormat.amount(figures?.total, { currency }) })}
      note={plan ? t('ipo.financing.confirmNote') : t('ipo.confirm.note')}
      rows={[
        { label: t('trading.labels.instrument'), value: `${offering.name} (${offering.code})` },
        {
          label: t('ipo.labels.quantity'),
          value: `${f.integer(figures?.quantity)} (${f.integer(figures?.lots)} × ${f.integer(offering.lotSize)})`,
          testId: 'confirm-quantity',
        },
        {
          label: t('ipo.labels.subscriptionPrice'),
          value: `${f.number(info?.price, 2)} ${info?.priceCurrency ?? ''}`,
        },
        info !== undefined &&
          info.priceCurrency !== info.currency && {
            label: t('ipo.labels.rate'),
            value: `1 ${info.priceCurrency} = ${f.rate(info.rate)} ${info.currency}`,
          },
        { label: t('ipo.labels.amount'), value: money(figures?.amount), testId: 'confirm-amount' },
        plan &&
          terms && {
            label: t('ipo.financing.deposit', { percent: f.number(terms.depositPercent, 0) }),
            value: money(plan.deposit),
            testId: 'confirm-deposit',
          },
        { label: t('ipo.labels.fee'), value: money(figures?.fee), testId: 'confirm-fee' },
        { label: t('ipo.labels.total'), value: money(figures?.total), testId: 'confirm-total', strong: true },
        { label: t('ipo.labels.deadline'), value: f.dateTime(offering.closesAtTimestamp, 'minutes') },
        plan &&
          terms && {
            label: t('ipo.financing.interest', { rate: f.number(terms.annualRatePercent, 0) }),
            value: money(plan.interest),
            testId: 'confirm-interest',
          },
        plan && { label: t('ipo.financing.makeUp'), value: money(plan.makeUp), testId: 'confirm-makeup' },
        plan && {
          label: t('ipo.financing.due'),
          value: f.dateTime(plan.dueAtTimestamp, 'minutes'),
          testId: 'confirm-due',
        },
      ]}
    />
  );
}
