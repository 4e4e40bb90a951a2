/** The tags of the IPO screens: the customer's SPEC §4 state, the settle state, the offering's phase, "Simulated". */
import type { OfferingPhase, SettleState, SubscriptionState } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';

const STATE_TONE: Record<SubscriptionState, string> = {
  subscribable: 'gold',
  subscribed: 'neutral',
  waitingAllotment: 'warn',
  allotted: 'rise',
  notAllotted: 'neutral',
  pendingPayment: 'warn',
  lapsed: 'fall',
  cancelled: 'fall',
};

const PHASE_TONE: Record<OfferingPhase, string> = {
  open: 'gold',
  upcoming: 'neutral',
  closed: 'warn',
  allotted: 'neutral',
  listed: 'rise',
  cancelled: 'fall',
};

export function StateTag({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${STATE_TONE[state]}`} data-testid="ipo-state" data-state={state}>
      {t(`ipo.states.${state}`)}
    </span>
  );
}

export function SettleTag({ settle }: { settle: SettleState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tag tag--${settle === 'settled' ? 'rise' : 'warn'}`}
      data-testid="ipo-settle"
      data-settle={settle}
    >
      {t(`ipo.settle.${settle}`)}
    </span>
  );
}

export function PhaseTag({ phase }: { phase: OfferingPhase }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${PHASE_TONE[phase]}`} data-testid="ipo-phase" data-phase={phase}>
      {t(`ipo.phases.${phase}`)}
    </span>
  );
}

export function SimulatedTag() {
  const { t } = useTranslation();
  return <span className="tag tag--neutral ipo-simulated">{t('ipo.simulatedTag')}</span>;
}
