/**
 * loan/index (SPEC §2 "Loans: apply and repay"; docs/loans.md): the credit limit with its formula (the holdings'
 * value × the published LTV per class, less what is owed and in review), the rate and the collateral rule, the
 * application form with its confirmation, and the applications and loans with their state, a rejection's reason and
 * repayment. Loading, error and empty states through QueryBoundary.
 */
import { useLoanLimitQuery, useLoansInfinite } from '../../../api/loan';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/States';
import { ApplyForm } from './parts/ApplyForm';
import { LimitCard } from './parts/LimitCard';
import { LoanList } from './parts/LoanList';
import '../../../components/trading/trading.css';
import './loan.css';

export function LoanPage() {
  const limit = useLoanLimitQuery();
  const loans = useLoansInfinite();
  const inReview = (loans.data?.pages.flatMap((p) => p.list) ?? []).some((l) => l.status === 'review');
  return (
    <Page>
      <QueryBoundary query={limit}>
        {(data) => (
          <>
            <LimitCard limit={data} />
            <ApplyForm limit={data} inReview={inReview} />
          </>
        )}
      </QueryBoundary>
      <LoanList query={loans} />
    </Page>
  );
}
