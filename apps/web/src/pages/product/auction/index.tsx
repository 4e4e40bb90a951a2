/**
 * product/auction, the pre-market (opening) auction (docs/primary-markets.md "Pre-market auction"): the stocks in
 * their pre-open phase with the indicative price, the published rule, the ticket of a chosen stock (a limit order at
 * the open, held until then, confirmed in a sheet), and, signed in, the customer's auction orders and their states.
 * With no market in pre-open, each market's next window says when to come back. Below, when new shares may be sold
 * (the customer's allotments, and a look-up by code). Guests see the lists; entering an order asks them to sign in
 * first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuctionCreateResult, AuctionStockRow } from '../../../api/auction';
import { useIsLoggedIn } from '../../../api/session';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/Button';
import { Page } from '../../../components/Page';
import { SimulatedNotice } from '../../../components/SimulatedNotice';
import { StateBlock } from '../../../components/States';
import { AuctionTicket } from './parts/AuctionTicket';
import { MyOrders } from './parts/MyOrders';
import { NewShares } from './parts/NewShares';
import { StockList } from './parts/StockList';
import '../../../components/trading/trading.css';
import '../../../components/money/money.css';
import '../../../components/primary/primary.css';
import '../blocktrade/parts/blocktrade.css';

function Placed({ result, onAgain }: { result: AuctionCreateResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="auction-placed">
      <StateBlock
        icon="check"
        title={t('auction.placed.title', { code: result.auctionOrder.code })}
        description={t('auction.placed.text')}
        action={
          <Button color="primary" onClick={onAgain} data-testid="auction-again">
            {t('auction.placed.again')}
          </Button>
        }
      />
    </div>
  );
}

export function AuctionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [stock, setStock] = useState<AuctionStockRow | null>(null);
  const [placed, setPlaced] = useState<AuctionCreateResult | null>(null);
  const choose = (s: AuctionStockRow) => {
    if (!loggedIn) navigate(paths.login({ redirect: paths.auction() }));
    else setStock(s);
  };
  let body: React.ReactNode;
  if (placed) body = <Placed result={placed} onAgain={() => setPlaced(null)} />;
  else if (stock)
    body = (
      <AuctionTicket
        stock={stock}
        onBack={() => setStock(null)}
        onDone={(result) => {
          setStock(null);
          setPlaced(result);
        }}
      />
    );
  else
    body = (
      <>
        <section className="card ipo-ticket-card">
          <h3>{t('auction.rules.title')}</h3>
          <p className="ticket-hint">{t('auction.rules.text')}</p>
          <p className="ticket-hint">{t('auction.rules.windows')}</p>
        </section>
        <StockList onChoose={choose} />
      </>
    );
  return (
    <Page className="block-page">
      {body}
      {loggedIn && !stock && <MyOrders />}
      {!stock && <NewShares />}
      <SimulatedNotice compact />
    </Page>
  );
}
