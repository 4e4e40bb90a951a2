/**
 * bonds/close: the customer's treasury bonds (SPEC §2 trade centre "bonds"), the totals per currency (value at the
 * bid, accrued interest, income received) and every holding newest first with its SPEC §4 state. A holding still
 * traded may be sold, all of it, at the bid after a confirmation naming what the sale would pay in now; the amount
 * confirmed is sent as the least the customer accepts.
 */
import { BondHoldings } from '../../components/bonds/BondHoldings';
import { Page } from '../../components/Page';

export function BondsClosePage() {
  return (
    <Page>
      <BondHoldings />
    </Page>
  );
}
