import { QuoteScreen } from '../../components/market/QuoteScreen';

/** A future's quote: open interest, expiry date and previous settle among the labels. */
export function QuoteFuturePage() {
  return <QuoteScreen defaultSource={3} />;
}
