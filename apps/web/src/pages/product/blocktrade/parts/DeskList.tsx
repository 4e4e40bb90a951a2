/**
 * The block desk: the offered stocks with the desk price (the simulator's mid quote less the published discount,
 * within the published band, both explained above the list), the quote it came from and whether the market is
 * open; page by page, and searched on the server by code or name (the box above it). Choosing one opens its ticket.
 */
import { SearchBar } from 'antd-mobile';
import '../../../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockDeskStock, useBlockDeskInfinite } from '../../../../api/blocktrade';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { SimulatedNotice } from '../../../../components/SimulatedNotice';
import { QueryBoundary } from '../../../../components/States';
import { useFormatters } from '../../../../lib/format';
import { useDebounced } from '../../../../lib/useDebounced';
import { BlockTerms } from './BlockTerms';

const places = (price: string) => price.split('.')[1]?.length ?? 0;
/**
 * The decimals to show a desk stock's prices with. The server writes prices without trailing zeros ('5.37' for
 * 5.370), so the most either price has, and at least 2.
 */
export const priceDecimals = (...prices: string[]) => Math.max(2, ...prices.map(places));

function DeskRow({ stock: s, onChoose }: { stock: BlockDeskStock; onChoose: (code: string) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dp = priceDecimals(s.deskPrice, s.quotePrice);
  return (
    <li className="card trade-row" data-testid="block-row" data-code={s.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{s.name}</span>
        <span className={`tag tag--${s.marketOpen ? 'rise' : 'neutral'}`}>
          {s.marketOpen ? t('block.desk.open') : t('block.desk.closed')}
        </span>
      </div>
      <div className="trade-row__sub num">
        <span>{s.code}</span>
        <span>{s.currency}</span>
      </div>
      <div className="block-row__prices">
        <span>
          <span className="ticket-hint">{t('block.labels.deskPrice')} </span>
          <span className="block-row__desk num" data-testid="block-desk-price">
            {f.number(s.deskPrice, dp)}
          </span>
        </span>
        <span className="ticket-hint num">
          {t('block.labels.quotePrice')} {f.number(s.quotePrice, dp)}
        </span>
      </div>
      <Button size="small" color="primary" shape="rounded" onClick={() => onChoose(s.code)} data-testid="block-choose">
        {t('block.desk.buy')}
      </Button>
    </li>
  );
}

/** The server is asked when the typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

export function DeskList({ onChoose }: { onChoose: (code: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const desk = useBlockDeskInfinite(true, q);
  const list = desk.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div data-testid="block-desk">
      <section className="card ipo-ticket-card">
        <h3>{t('block.desk.title')}</h3>
        <BlockTerms />
      </section>
      <div className="block-search" data-testid="block-search">
        <SearchBar
          value={text}
          onChange={setText}
          onClear={() => setText('')}
          placeholder={t('block.desk.search')}
          aria-label={t('block.desk.search')}
        />
      </div>
      <QueryBoundary
        query={desk}
        empty={() => list.length === 0}
        emptyText={q ? t('block.desk.noMatch', { q }) : t('block.desk.empty')}
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <ul className="trade-list">
              {list.map((s) => (
                <DeskRow key={s.code} stock={s} onChoose={onChoose} />
              ))}
            </ul>
            <LoadMore query={desk} endText={t('block.desk.end')} />
          </>
        )}
      </QueryBoundary>
      <SimulatedNotice compact />
    </div>
  );
}
