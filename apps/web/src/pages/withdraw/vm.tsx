/** Withdraw to a crypto wallet (SPEC §2 withdraw/vm): the withdraw screen with crypto destinations. */
import { WithdrawScreen } from './bcard';

export function WithdrawCryptoPage() {
  return <WithdrawScreen kind="crypto" />;
}
