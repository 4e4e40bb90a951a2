import { SubscribeTicketPage } from '../../components/primary/SubscribeTicket';

/** The subscription ticket of a US offering (hkstock/payipo takes Hong Kong ones); query: name, code, source 5. */
export function PaymentNewStockPage() {
  return <SubscribeTicketPage />;
}
