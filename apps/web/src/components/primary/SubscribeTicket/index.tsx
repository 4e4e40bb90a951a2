/**
 * The subscription ticket of payment/newstock (US offerings) and hkstock/payipo (Hong Kong offerings); query:
 * name, code, source (5). The offering, the quantity in whole lots (a stepper, and the most the Subscriptions
 * wallet carries from getIpoFullNum), what is held (quantity × top price + the published fee, in the wallet's
 * currency at the live rate, shown), the allotment rule in one line with the whole published rule a tap away, a
 * confirmation sheet before the irreversible hold, and the result. A refusal says what to do next.
 *
 * This file composes; the state lives in useSubscribeTicket, the pieces beside it.
 */
import type { Currency, Offering, Subscription } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOfferingQuery } from '../../../api/primary';
import { paths } from '../../../app/paths';
import { useQueryParams } from '../../../app/useQueryParams';
import { useFormatters } from '../../../lib/format';
import { Button } from '../../Button';
import { Page } from '../../Page';
import { SimulatedNotice } from '../../SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../States';
import { AllotmentRuleLine } from '../AllotmentRule';
import { FinancingChoice } from './FinancingChoice';
import { HoldSummary } from './HoldSummary';
import { LotStepper } from './LotStepper';
import { OfferingCard } from './OfferingCard';
import { SubscribeConfirm } from './SubscribeConfirm';
import { SubscribeError } from './SubscribeError';
import { SubscribeResult } from './SubscribeResult';
import { useSubscribeTicket } from './useSubscribeTicket';
import '../../trading/trading.css';
import '../../money/money.css';
import '../primary.css';

function ToCentre({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <Button color="primary" shape="rounded" onClick={() => navigate(paths.ipoCentre())} data-testid="ipo-to-centre">
      {label}
    </Button>
  );
}

export function SubscribeTicketPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const params = useQueryParams<'name' | 'code' | 'source'>();
  const code = params.code?.trim() || undefined;
  const query = useOfferingQuery(code);
  // Kept here: once subscribed, the refetched offering says so, and the result must stay on screen.
  const [result, setResult] = useState<Subscription | null>(null);

  if (result) return <SubscribeResult subscription={result} />;
  if (!code) {
    return (
      <Page>
        <EmptyState
          icon="search"
          title={t('ipo.ticket.noCode')}
          description={t('ipo.ticket.noCodeText')}
          action={<ToCentre label={t('ipo.ticket.toCentre')} />}
        />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={params.name ?? code}>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title={params.name ?? code}>
        <Loading />
      </Page>
    );
  }
  const { offering, subscription } = query.data;
  if (subscription && subscription.status !== 'cancelled') {
    return (
      <Page>
        <OfferingCard offering={offering} />
        <EmptyState
          icon="check"
          title={t('ipo.ticket.already', { code: offering.code })}
          description={t('ipo.ticket.alreadyText')}
          action={
            <Button
              color="primary"
              shape="rounded"
              onClick={() => navigate(paths.subscriptions({ id: subscription.id }))}
              data-testid="ipo-already"
            >
              {t('ipo.viewSubscription')}
            </Button>
          }
        />
      </Page>
    );
  }
  if (offering.phase !== 'open') {
    return (
      <Page>
        <OfferingCard offering={offering} />
        <EmptyState
          icon="clock"
          title={t('ipo.ticket.notOpen', { code: offering.code })}
          description={t('ipo.ticket.notOpenText', {
            opens: f.dateTime(offering.opensAtTimestamp, 'minutes'),
            closes: f.dateTime(offering.closesAtTimestamp, 'minutes'),
            phase: t(`ipo.phases.${offering.phase}`),
          })}
          action={<ToCentre label={t('ipo.ticket.toCentre')} />}
        />
      </Page>
    );
  }
  return <TicketForm key={offering.code} offering={offering} onResult={setResult} />;
}

function TicketForm({ offering, onResult }: { offering: Offering; onResult: (result: Subscription) => void }) {
  const { t } = useTranslation();
  const s = useSubscribeTicket(offering, onResult);
  const currency = (s.info?.currency ?? 'EUR') as Currency;
  return (
    <Page
      className="ticket-page"
      footer={
        <Button
          block
          size="large"
          color="primary"
          onClick={s.review}
          loading={s.create.isPending}
          disabled={!s.info}
          data-testid="ipo-submit"
        >
          {t('ipo.ticket.review')}
        </Button>
      }
    >
      <OfferingCard offering={offering} />
      <LotStepper
        lots={s.lots}
        lotSize={offering.lotSize}
        maxLots={s.maxLots}
        offeredLots={s.offeredLots}
        onLots={s.setLots}
        problem={s.problem}
      />
      <FinancingChoice info={s.info} figures={s.figures} financed={s.financed} onFinanced={s.setFinanced} />
      <HoldSummary
        info={s.info}
        figures={s.figures}
        failed={s.ticket.isError}
        onRetry={() => void s.ticket.refetch()}
      />
      {s.create.isError && (
        <SubscribeError
          error={s.create.error}
          shortfall={s.figures?.shortfall ? { amount: s.figures.shortfall, currency } : undefined}
          onReviewAgain={() => void s.reviewAgain()}
          onUseMax={() => s.setLots(s.offeredLots)}
        />
      )}
      <AllotmentRuleLine rule={offering.allotmentRule} />
      <p className="trade-note">{t('ipo.ticket.holdNote')}</p>
      <SimulatedNotice compact />
      <SubscribeConfirm
        offering={offering}
        info={s.reviewed?.info}
        figures={s.reviewed?.figures ?? null}
        visible={s.confirming}
        pending={s.create.isPending}
        onConfirm={s.submit}
        onClose={() => s.setConfirming(false)}
      />
    </Page>
  );
}
