import { useFormatters } from '../../../../lib/format';

const SYMBOL: Record<string, string> = { USD: '$', HKD: 'HK$', EUR: '€' };

/** "$18.00 – $21.00", or one price when the range is fixed; in the offering's currency. */
export function usePriceRange() {
  const f = useFormatters();
  return (o: { priceMin: string; priceMax: string; currency: string }) => {
    const symbol = SYMBOL[o.currency] ?? `${o.currency} `;
    const min = f.price(o.priceMin, 2, symbol);
    const max = f.price(o.priceMax, 2, symbol);
    return o.priceMin === o.priceMax || min === max ? max : `${min} – ${max}`;
  };
}
