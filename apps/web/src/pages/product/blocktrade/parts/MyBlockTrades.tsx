/**
 * The customer's own block trades, newest first: the stock, the shares, the desk price, the amount (shares × desk
 * price, in the stock's currency), when, and a link to the ordinary position each settled into in the trade centre.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MyBlockTradeRow, useMyBlockTradesInfinite } from '../../../../api/blocktrade';
import { paths } from '../../../../app/paths';
import { LoadMore } from '../../../../components/LoadMore';
import { useMoneyFormat } from '../../../../components/money/format';
import { QueryBoundary } from '../../../../components/States';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { priceDecimals } from './DeskList';

function TradeRow({ trade: b }: { trade: MyBlockTradeRow }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  return (
    <li className="card trade-row" data-testid="my-block-trade" data-id={b.id}>
      <div className="trade-row__head">
        <span className="trade-row__name">{b.name}</span>
        <span className="num">{b.code}</span>
      </div>
      <Facts
        rows={[
          { label: t('block.ticket.quantity'), value: f.integer(b.quantity) },
          {
            label: t('block.labels.deskPrice'),
            value: `${f.number(b.deskPrice, priceDecimals(b.deskPrice))} ${b.currency}`,
          },
          { label: t('block.labels.amount'), value: moneyFormat.amount(b.amount, { code: b.currency }) },
          { label: t('block.mine.time'), value: f.dateTime(b.createTimeTimestamp, 'minutes') },
        ]}
      />
      <Link
        to={paths.tradeDetail({ id: b.positionId, stockName: b.name, stockCode: b.code, source: b.source }, 'position')}
        className="text-link"
        data-testid="my-block-position"
      >
        {t('block.mine.position')}
      </Link>
    </li>
  );
}

export function MyBlockTrades() {
  const { t } = useTranslation();
  const query = useMyBlockTradesInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section data-testid="my-block-trades" aria-label={t('block.mine.title')}>
      <QueryBoundary
        query={query}
        empty={() => list.length === 0}
        emptyText={t('block.mine.empty')}
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <ul className="trade-list">
              {list.map((b) => (
                <TradeRow key={b.id} trade={b} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('block.mine.end')} />
          </>
        )}
      </QueryBoundary>
    </section>
  );
}
