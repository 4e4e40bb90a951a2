/**
 * The caller's applications and loans, newest first, with their SPEC §4 state, a rejection's reason, repay, and a way
 * to customer service for one a person is deciding or has refused.
 */
import type { LoanState } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanItem, useLoansInfinite } from '../../../../api/loan';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { MoneyText } from '../../../../components/money/MoneyText';
import { EmptyState, QueryBoundary } from '../../../../components/States';
import { SupportLink } from '../../../../components/SupportLink';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { RepaySheet } from './RepaySheet';

const TONE: Record<LoanState, string> = { review: 'warn', inUse: 'gold', repaid: 'rise', rejected: 'fall' };

function LoanRow({ loan, onRepay }: { loan: LoanItem; onRepay: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = (v: string, testId?: string) => <MoneyText amount={v} currency={loan.currency} testId={testId} />;
  return (
    <li className="card trade-row" data-testid="loan-row" data-id={loan.id} data-state={loan.status}>
      <div className="trade-row__head">
        <span className="trade-row__name">
          #{loan.id} · {money(loan.amount)}
        </span>
        <span className={`tag tag--${TONE[loan.status]}`} data-testid="loan-state">
          {t(`loan.states.${loan.status}`)}
        </span>
      </div>
      <Facts
        rows={[
          { label: t('loan.labels.applied'), value: f.dateTime(loan.longCreateTime, 'minutes') },
          loan.longAuditTime !== null && {
            label: t('loan.labels.decided'),
            value: f.dateTime(loan.longAuditTime, 'minutes'),
          },
          loan.status === 'inUse' && { label: t('loan.labels.principal'), value: money(loan.principal) },
          loan.status === 'inUse' && { label: t('loan.labels.interest'), value: money(loan.interest) },
          loan.status === 'inUse' && {
            label: t('loan.labels.due'),
            value: money(loan.amountDue, 'loan-due'),
            strong: true,
          },
          (loan.status === 'inUse' || loan.status === 'repaid') && {
            label: t('loan.labels.repaid'),
            value: money(loan.repaidAmount, 'loan-repaid'),
          },
          (loan.status === 'inUse' || loan.status === 'repaid') && {
            label: t('loan.labels.interestCharged'),
            value: money(loan.interestCharged),
          },
          loan.repaidTime !== null && {
            label: t('loan.labels.repaidAt'),
            value: f.dateTime(loan.repaidTime, 'minutes'),
          },
        ]}
      />
      {loan.status === 'rejected' && loan.reason && (
        <p className="loan-reason" data-testid="loan-reason">
          {t('loan.labels.reason')}: {loan.reason}
        </p>
      )}
      {(loan.status === 'rejected' || loan.status === 'review') && <SupportLink topic="loan" testId="loan-support" />}
      {loan.status === 'inUse' && (
        <Button size="small" color="primary" fill="outline" onClick={onRepay} data-testid="loan-repay">
          {t('loan.repay')}
        </Button>
      )}
    </li>
  );
}

export function LoanList({ query }: { query: ReturnType<typeof useLoansInfinite> }) {
  const { t } = useTranslation();
  const [repaying, setRepaying] = useState<LoanItem | null>(null);
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section>
      <h2 className="section-title">{t('loan.listTitle')}</h2>
      <QueryBoundary
        query={query}
        empty={() => list.length === 0}
        emptyView={<EmptyState icon="list" title={t('loan.empty')} description={t('loan.emptyText')} />}
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <ul className="trade-list" data-testid="loan-list">
              {list.map((loan) => (
                <LoanRow key={loan.id} loan={loan} onRepay={() => setRepaying(loan)} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('loan.end')} />
          </>
        )}
      </QueryBoundary>
      {repaying && <RepaySheet key={repaying.id} loan={repaying} onClose={() => setRepaying(null)} />}
    </section>
  );
}
