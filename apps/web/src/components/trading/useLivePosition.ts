/**
 * The live floating profit or loss of an open position: it follows the instrument on the app's one quotes
 * socket (the same mechanism as the quote screens) and moves the server's figure with each tick's closing
 * price (the bid for a long, the ask for a short). Closed positions are not followed.
 */
import type { Position } from '@beurs/contracts';
import { useMemo } from 'react';
import { useLiveSubscription, useLiveTick } from '../../api/live';
import { closingPrice, liveProfit, profitRatio } from './figures';

export interface LivePosition {
  profit: string;
  zdf: string;
  /** The price it would close at now. */
  mark: string;
  live: boolean;
}

export function useLivePosition(position: Position, options: { visible?: boolean } = {}): LivePosition {
  const open = position.status === 1;
  const key = `${position.source}:${position.stockCode}`;
  useLiveSubscription([key], open && (options.visible ?? true));
  const tick = useLiveTick(open ? key : undefined);
  return useMemo(() => {
    const fresh = tick ? closingPrice(position.direction, tick) : undefined;
    if (!open || !fresh) return { profit: position.profit, zdf: position.zdf, mark: position.nowPrice, live: false };
    const profit = liveProfit(position, fresh);
    return { profit, zdf: profitRatio(profit, position.isolatedPosition) ?? position.zdf, mark: fresh, live: true };
  }, [position, tick, open]);
}
