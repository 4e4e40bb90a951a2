import { QuoteScreen } from '../../components/market/QuoteScreen';

/** A Hong Kong stock's quote (source 11, prices in HK$). */
export function HkStockQuotePage() {
  return <QuoteScreen defaultSource={11} />;
}
