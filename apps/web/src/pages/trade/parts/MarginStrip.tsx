/** The margin of each wallet that holds positions, above the holdings. */
import type { MarginSummary } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { greaterThan } from '../../../components/trading/figures';
import { useFormatters } from '../../../lib/format';

/** Margin level of each wallet with positions (ESMA close-out at 50 %). */
export function MarginStrip({ margins }: { margins: MarginSummary[] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (margins.length === 0) return null;
  return (
    <ul className="margin-strip" data-testid="margin-strip">
      {margins.map((m) => {
        // Red from one and a half times the close-out level down (75 % by default): close to a close-out.
        const danger = m.marginLevel !== null && !greaterThan(m.marginLevel, String(Number(m.closeOutLevel) * 1.5));
        // A wallet of 1:1 positions borrows nothing: its "margin level" is just the value against the cost, and
        // 95 % would read like a margin call. It says "Fully paid" and the value, and the level only near the
        // close-out, which still applies (docs/trading.md "Fully paid positions").
        if (m.fullyPaid && !danger) {
          return (
            <li key={m.walletType} className="margin-card" data-testid={`margin-${m.walletType}`}>
              <span className="margin-card__wallet">{t(`wallets.${m.walletType}`)}</span>
              <span className="margin-card__row">
                <span>{t('trading.margin.value')}</span>
                <MoneyText amount={m.equity} currency={m.currency} className="margin-card__value" />
              </span>
              <span className="margin-card__row">
                <strong className="margin-card__paid" data-testid="margin-fully-paid">
                  {t('trading.margin.fullyPaid')}
                </strong>
              </span>
              <span className="margin-card__note">{t('trading.margin.fullyPaidNote')}</span>
            </li>
          );
        }
        return (
          <li key={m.walletType} className="margin-card" data-testid={`margin-${m.walletType}`}>
            <span className="margin-card__wallet">{t(`wallets.${m.walletType}`)}</span>
            <span className="margin-card__row">
              <span>{t('trading.margin.equity')}</span>
              <MoneyText amount={m.equity} currency={m.currency} className="margin-card__value" />
            </span>
            <span className="margin-card__row">
              <span>{t('trading.margin.required')}</span>
              <MoneyText amount={m.requiredMargin} currency={m.currency} className="margin-card__value" />
            </span>
            <span className="margin-card__row">
              <span>{t('trading.margin.level')}</span>
              <strong
                className={`num margin-card__value${danger ? ' margin-card__level--danger' : ''}`}
                data-testid="margin-level"
              >
                {m.marginLevel === null ? '–' : `${f.number(m.marginLevel, 2)}%`}
              </strong>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
