/**
 * The published IPO financing choice (docs/primary-markets.md "IPO financing"), off by default: its terms and the
 * make-up deadline shown before anything is chosen, and once chosen what is held now and, if every share is
 * allotted, what falls due by the deadline (the most it can be). An offering without financing says so.
 */
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import type { IpoTicketFigures } from '../../../api/primary';
import { useFormatters } from '../../../lib/format';
import { MoneyText } from '../../money/MoneyText';
import { Facts } from '../../trading/Sheet';
import type { SubscriptionFigures } from '../figures';

export function FinancingChoice({
  info,
  figures,
  financed,
  onFinanced,
}: {
  info: IpoTicketFigures | undefined;
  figures: SubscriptionFigures | null;
  financed: boolean;
  onFinanced: (financed: boolean) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!info) return null;
  const terms = info.financing;
  if (!terms) {
    return (
      <p className="ticket-hint" data-testid="ipo-financing-none">
        {t('ipo.financing.unavailable')}
      </p>
    );
  }
  const currency = info.currency as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const due = f.dateTime(terms.dueAtTimestamp, 'minutes');
  const plan = figures?.financing;
  return (
    <div className="ticket-field" data-testid="ipo-financing">
      <label className="ticket-protect">
        <input
          type="checkbox"
          checked={financed}
          onChange={(event) => onFinanced(event.target.checked)}
          data-testid="ipo-financing-choice"
        />
        <span>
          {t('ipo.financing.label')}
          <small>
            {t('ipo.financing.terms', {
              deposit: f.number(terms.depositPercent, 0),
              rate: f.number(terms.annualRatePercent, 0),
              due,
            })}
          </small>
        </span>
      </label>
      {financed && plan && (
        <Facts
          className="trade-facts--card"
          rows={[
            {
              label: t('ipo.financing.deposit', { percent: f.number(terms.depositPercent, 0) }),
              value: money(plan.deposit),
              testId: 'ipo-deposit',
            },
            { label: t('ipo.financing.financed'), value: money(plan.financed), testId: 'ipo-financed' },
            {
              label: t('ipo.financing.interest', { rate: f.number(terms.annualRatePercent, 0) }),
              value: money(plan.interest),
              testId: 'ipo-interest',
            },
            { label: t('ipo.financing.makeUp'), value: money(plan.makeUp), testId: 'ipo-makeup', strong: true },
            { label: t('ipo.financing.due'), value: due, testId: 'ipo-due' },
          ]}
        />
      )}
    </div>
  );
}
