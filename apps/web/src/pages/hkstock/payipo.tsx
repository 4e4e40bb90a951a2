import { SubscribeTicketPage } from '../../components/primary/SubscribeTicket';

/** The subscription ticket of a Hong Kong offering (board lots, HKD prices); query: name, code, source 5. */
export function HkPayIpoPage() {
  return <SubscribeTicketPage />;
}
