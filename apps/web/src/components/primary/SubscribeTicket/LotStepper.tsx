/** The quantity in whole lots: one lot fewer, the number of lots, one lot more, and the most the wallet carries. */
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import type { LotsProblem } from './useSubscribeTicket';

export function LotStepper({
  lots,
  lotSize,
  maxLots,
  offeredLots,
  onLots,
  problem,
}: {
  lots: number;
  lotSize: number;
  maxLots: number;
  offeredLots: number;
  onLots: (lots: number) => void;
  problem: LotsProblem;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const shares = Number.isInteger(lots) && lots > 0 ? lots * lotSize : 0;
  const set = (value: number) => onLots(Math.max(0, Math.min(offeredLots, value)));
  return (
    <div className="ticket-field">
      <label className="ticket-field__label" htmlFor="ipo-lots">
        {t('ipo.ticket.lots')}
      </label>
      <div className="ipo-stepper">
        <button
          type="button"
          className="ipo-stepper__button"
          aria-label={t('ipo.ticket.fewer')}
          disabled={lots <= 1}
          onClick={() => set(lots - 1)}
          data-testid="ipo-lots-minus"
        >
          −
        </button>
        <input
          id="ipo-lots"
          className="ipo-stepper__input num"
          inputMode="numeric"
          autoComplete="off"
          value={lots > 0 ? String(lots) : ''}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 7);
            onLots(digits === '' ? 0 : Number(digits));
          }}
          aria-invalid={Boolean(problem && problem !== 'short')}
          data-testid="ipo-lots"
        />
        <button
          type="button"
          className="ipo-stepper__button"
          aria-label={t('ipo.ticket.more')}
          disabled={lots >= offeredLots}
          onClick={() => set(lots + 1)}
          data-testid="ipo-lots-plus"
        >
          +
        </button>
        <button
          type="button"
          className="ipo-stepper__max"
          disabled={maxLots < 1}
          onClick={() => set(maxLots)}
          data-testid="ipo-lots-max"
        >
          {t('ipo.ticket.max')}
        </button>
      </div>
      <p className="ticket-hint num" data-testid="ipo-lots-hint">
        {t('ipo.ticket.lotsHint', { lot: f.integer(lotSize), shares: f.integer(shares) })}
      </p>
      <p className="ticket-hint" data-testid="ipo-max">
        {maxLots > 0
          ? t('ipo.ticket.maxHint', { lots: f.integer(maxLots), shares: f.integer(maxLots * lotSize) })
          : t('ipo.ticket.maxNone')}
      </p>
      {problem === 'missing' && (
        <p className="ticket-error" data-testid="ipo-lots-error">
          {t('ipo.ticket.enterLots')}
        </p>
      )}
      {problem === 'aboveOffered' && (
        <p className="ticket-error" data-testid="ipo-lots-error">
          {t('ipo.ticket.aboveOffered', { shares: f.integer(offeredLots * lotSize) })}
        </p>
      )}
    </div>
  );
}
