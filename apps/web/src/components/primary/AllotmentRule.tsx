/**
 * The published allotment rule (docs/primary-markets.md "Allotment"): one line for the offering's rule, and the
 * whole rule in a sheet, so a customer can read how an oversubscribed offering is shared out before subscribing.
 */
import type { AllotmentRule as Rule } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../trading/Sheet';

export function AllotmentRuleText({ rule }: { rule?: Rule }) {
  const { t } = useTranslation();
  const rules: Rule[] = rule ? [rule] : ['ballot', 'proRata'];
  return (
    <div className="ipo-rule-text" data-testid="ipo-rule-text">
      {rules.map((r) => (
        <p key={r}>{t(r === 'ballot' ? 'ipo.rules.ballotLong' : 'ipo.rules.proRataLong')}</p>
      ))}
      <p>{t('ipo.rules.orderLong')}</p>
    </div>
  );
}

/** One line of the rule and a link that opens the whole published rule. */
export function AllotmentRuleLine({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="ipo-rule" data-testid="ipo-rule" data-rule={rule}>
      <p className="ticket-hint">
        {t(rule === 'ballot' ? 'ipo.rules.ballot' : 'ipo.rules.proRata')}{' '}
        <button type="button" className="text-link" onClick={() => setOpen(true)} data-testid="ipo-rule-open">
          {t('ipo.rules.read')} ›
        </button>
      </p>
      <Sheet visible={open} title={t('ipo.rules.title')} onClose={() => setOpen(false)} testId="ipo-rule-sheet">
        <AllotmentRuleText rule={rule} />
      </Sheet>
    </div>
  );
}
