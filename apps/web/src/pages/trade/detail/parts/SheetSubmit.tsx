import { Button } from '../../../../components/Button';
import { TradeError, type TradeErrorActions } from '../../../../components/trading/TradeError';

/** The foot of a position's sheet: the refusal, if any (saying what to do), and the one button that sends. */
export function SheetSubmit({
  mutation,
  wallet,
  waiting = false,
  onSubmit,
  testId,
  label,
}: {
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  /** Something the check before sending needs is still coming (the stops' price step): the button waits. */
  waiting?: boolean;
  /** The wallet a "move money" action in the refusal points at. */
  wallet?: TradeErrorActions['wallet'];
  onSubmit: () => void;
  testId: string;
  label: string;
}) {
  return (
    <>
      {mutation.isError && <TradeError error={mutation.error} actions={wallet ? { wallet } : undefined} />}
      <Button
        block
        size="large"
        color="primary"
        loading={mutation.isPending || waiting}
        onClick={onSubmit}
        data-testid={testId}
      >
        {label}
      </Button>
    </>
  );
}
