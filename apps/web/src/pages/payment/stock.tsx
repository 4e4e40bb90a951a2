import { OrderTicketPage } from '../../components/trading/OrderTicket';

/** Stocks (source 0) and Hong Kong stocks (source 11, /hk/create, board lots); query: name, code, source, direction. */
export function PaymentStockPage() {
  return <OrderTicketPage product="stock" />;
}
