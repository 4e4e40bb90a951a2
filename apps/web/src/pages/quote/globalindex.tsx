import { QuoteScreen } from '../../components/market/QuoteScreen';

/** A global index: points, no order book, not tradable. */
export function QuoteGlobalIndexPage() {
  return <QuoteScreen defaultSource={99} />;
}
