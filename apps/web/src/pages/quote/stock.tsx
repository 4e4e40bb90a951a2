import { QuoteScreen } from '../../components/market/QuoteScreen';

/** A stock's quote (any market; without `source` the code is looked up stocks first). */
export function QuoteStockPage() {
  return <QuoteScreen />;
}
