import { OrderTicketPage } from '../../components/trading/OrderTicket';

/** The future order ticket (query: name, code, source, direction); see components/trading/OrderTicket. */
export function PaymentFuturePage() {
  return <OrderTicketPage product="future" />;
}
