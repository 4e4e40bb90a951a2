import { OrderTicketPage } from '../../components/trading/OrderTicket';

/** The forex order ticket (query: name, code, source, direction); see components/trading/OrderTicket. */
export function PaymentForexPage() {
  return <OrderTicketPage product="forex" />;
}
