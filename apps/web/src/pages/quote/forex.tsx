import { QuoteScreen } from '../../components/market/QuoteScreen';

/** A forex pair's quote. */
export function QuoteForexPage() {
  return <QuoteScreen defaultSource={2} />;
}
