/**
 * When new shares may be sold (docs/primary-markets.md "When allotted shares may be sold"): signed in, the customer's
 * allotted new shares (/m_ft/sale_list), sellable ones first, each with its listing, the first instant a sell can
 * execute and, once delivered, the shares still held and a link to the position; for anyone, a look-up of one new
 * stock's code (/m_ft/get_sale_time). An IPO allotment has no lock-up here; a placing's is on placing/record.
 */
import { Input } from 'antd-mobile';
import '../../../../app/antdMobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SaleRow, type SaleTime, useSalesInfinite, useSaleTime } from '../../../../api/auction';
import { useIsLoggedIn } from '../../../../api/session';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { QueryBoundary } from '../../../../components/States';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/toast';

function SellableTag({ sale }: { sale: Pick<SaleTime, 'sellableNow' | 'sellableFromTimestamp'> }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <span className={`tag tag--${sale.sellableNow ? 'rise' : 'neutral'}`} data-testid="sale-state">
      {sale.sellableNow
        ? t('auction.sale.now')
        : t('auction.sale.from', { time: f.dateTime(sale.sellableFromTimestamp, 'minutes') })}
    </span>
  );
}

function SaleItem({ sale: s }: { sale: SaleRow }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const delivered = s.positionId !== null;
  return (
    <li className="card trade-row" data-testid="sale-row" data-code={s.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{s.name}</span>
        <SellableTag sale={s} />
      </div>
      <div className="trade-row__sub num">
        <span>{s.code}</span>
        <span>{t(`auction.sale.markets.${s.market}`)}</span>
      </div>
      <Facts
        rows={[
          { label: t('auction.sale.allotted'), value: f.integer(s.allottedQuantity) },
          { label: t('auction.sale.price'), value: `${price(s.price)} ${s.currency}` },
          { label: t('auction.sale.listing'), value: f.dateTime(s.listingAtTimestamp, 'minutes') },
          { label: t('auction.sale.sellableFrom'), value: f.dateTime(s.sellableFromTimestamp, 'minutes') },
          {
            label: t('auction.sale.held'),
            value: delivered ? f.integer(s.heldQuantity) : t('auction.sale.notDelivered'),
            testId: 'sale-held',
          },
        ]}
      />
      {s.positionId !== null && s.heldQuantity > 0 && (
        <Link
          to={paths.tradeDetail(
            { id: s.positionId, stockName: s.name, stockCode: s.code, source: s.market === 'US' ? 0 : 11 },
            'position',
          )}
          className="text-link"
          data-testid="sale-position"
        >
          {s.sellableNow ? t('auction.sale.sell') : t('auction.orders.position')}
        </Link>
      )}
    </li>
  );
}

function MySales() {
  const { t } = useTranslation();
  const query = useSalesInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <QueryBoundary
      query={query}
      empty={() => list.length === 0}
      emptyText={t('auction.sale.empty')}
      keepOnFailure={() => list.length > 0}
    >
      {() => (
        <>
          <ul className="trade-list" data-testid="sale-list">
            {list.map((s) => (
              <SaleItem key={s.subscriptionId} sale={s} />
            ))}
          </ul>
          <LoadMore query={query} endText={t('auction.sale.end')} />
        </>
      )}
    </QueryBoundary>
  );
}

/** One new stock's sale time by its code; an unknown or cancelled offering is the server's translated 404. */
function SaleTimeLookup() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState('');
  const query = useSaleTime(code);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCode(draft.trim().toUpperCase());
  };
  return (
    <form className="card ipo-ticket-card" onSubmit={submit} data-testid="sale-lookup">
      <label htmlFor="sale-code" className="ticket-hint">
        {t('auction.sale.lookupLabel')}
      </label>
      <div className="sale-lookup__row">
        <Input
          id="sale-code"
          value={draft}
          onChange={setDraft}
          placeholder={t('auction.sale.lookupPlaceholder')}
          clearable
          data-testid="sale-code"
        />
        <Button
          size="small"
          color="primary"
          type="submit"
          disabled={draft.trim() === ''}
          loading={code !== '' && query.isFetching}
          data-testid="sale-lookup-submit"
        >
          {t('auction.sale.lookup')}
        </Button>
      </div>
      {code !== '' && query.isError && (
        <p className="ticket-error" role="alert" data-testid="sale-lookup-error">
          {errorMessage(query.error)}
        </p>
      )}
      {code !== '' && query.data && (
        <div className="sale-lookup__result" data-testid="sale-lookup-result">
          <div className="trade-row__head">
            <span className="trade-row__name">{query.data.code}</span>
            <SellableTag sale={query.data} />
          </div>
          <Facts
            rows={[
              { label: t('auction.sale.listing'), value: f.dateTime(query.data.listingAtTimestamp, 'minutes') },
              {
                label: t('auction.sale.sellableFrom'),
                value: f.dateTime(query.data.sellableFromTimestamp, 'minutes'),
              },
              {
                label: t('auction.sale.lockUp'),
                value:
                  query.data.lockUpEndsAtTimestamp === null
                    ? t('auction.sale.noLockUp')
                    : f.dateTime(query.data.lockUpEndsAtTimestamp, 'minutes'),
              },
            ]}
          />
        </div>
      )}
    </form>
  );
}

export function NewShares() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section data-testid="auction-sales">
      <h3 className="section-title">{t('auction.sale.title')}</h3>
      <p className="ticket-hint">{t('auction.sale.text')}</p>
      {loggedIn && <MySales />}
      <SaleTimeLookup />
    </section>
  );
}
