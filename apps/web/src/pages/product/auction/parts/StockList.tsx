/**
 * The stocks in their pre-open phase now: the indicative price (the simulator's last trade; the opening price is only
 * known at the open), the previous close, and when the stock opens. With none in pre-open, each market's next
 * pre-open window says when to come back.
 */
import { useTranslation } from 'react-i18next';
import { type AuctionStockRow, type PreMarketPage, usePreMarketInfinite } from '../../../../api/auction';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { EmptyState, QueryBoundary } from '../../../../components/States';
import { useFormatters } from '../../../../lib/format';

function StockRow({ stock: s, onChoose }: { stock: AuctionStockRow; onChoose: (s: AuctionStockRow) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dp = s.priceDecimals;
  return (
    <li className="card trade-row" data-testid="auction-row" data-code={s.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{s.name}</span>
        <span className="tag tag--neutral">{t(`auction.markets.${s.market}`)}</span>
      </div>
      <div className="trade-row__sub num">
        <span>{s.code}</span>
        <span>{s.currency}</span>
      </div>
      <div className="block-row__prices">
        <span>
          <span className="ticket-hint">{t('auction.labels.indicative')} </span>
          <strong className="num" data-testid="auction-indicative">
            {f.number(s.indicativePrice, dp)}
          </strong>
        </span>
        <span className="ticket-hint num">
          {t('auction.labels.prevClose')} {f.number(s.prevClose, dp)}
        </span>
      </div>
      <p className="ticket-hint num">
        {t('auction.labels.opensAt', { time: f.dateTime(s.opensAtTimestamp, 'minutes') })}
      </p>
      <Button size="small" color="primary" shape="rounded" onClick={() => onChoose(s)} data-testid="auction-choose">
        {t('auction.list.enter')}
      </Button>
    </li>
  );
}

function NextWindows({ sessions }: { sessions: PreMarketPage['sessions'] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <EmptyState
      icon="list"
      title={t('auction.list.empty')}
      description={
        <span data-testid="auction-next">
          {sessions.map((s) => (
            <span key={s.market} className="auction-next">
              {t('auction.list.nextWindow', {
                market: t(`auction.markets.${s.market}`),
                from: f.dateTime(s.startsAtTimestamp, 'minutes'),
                to: f.dateTime(s.opensAtTimestamp, 'minutes'),
              })}
            </span>
          ))}
        </span>
      }
    />
  );
}

export function StockList({ onChoose }: { onChoose: (s: AuctionStockRow) => void }) {
  const { t } = useTranslation();
  const query = usePreMarketInfinite();
  const pages = query.data?.pages ?? [];
  const list = pages.flatMap((p) => p.list);
  return (
    <QueryBoundary
      query={query}
      empty={() => list.length === 0}
      emptyView={<NextWindows sessions={pages[0]?.sessions ?? []} />}
      keepOnFailure={() => list.length > 0}
    >
      {() => (
        <>
          <ul className="trade-list" data-testid="auction-list">
            {list.map((s) => (
              <StockRow key={`${s.source}:${s.code}`} stock={s} onChoose={onChoose} />
            ))}
          </ul>
          <LoadMore query={query} endText={t('auction.list.end')} />
        </>
      )}
    </QueryBoundary>
  );
}
