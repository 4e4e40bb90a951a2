/**
 * The server's clock as seen from this device, for the cancel window of transfers (docs/money.md).
 *
 * How far the server's clock is ahead of this device (ms). Assumed 0 until a transfer's answer gives it
 * (its creation time is the server's "now"); until then bill items can raise it (they are not from the
 * future), for servers that run ahead (SIM_CLOCK_START). Used to hide "Cancel" once a transfer's window has
 * passed and to count it down (the server decides, and a late tap shows its refusal), and to date the "Ends
 * about" of a follow or quant subscription's confirmation (the server dates the end from its own clock).
 */
let clockOffsetMs = 0;
let clockExact = false;

export function noteServerTime(serverMs: number, exact: boolean, receivedAt = Date.now()): void {
  const offset = serverMs - receivedAt;
  if (exact) {
    clockOffsetMs = offset;
    clockExact = true;
  } else if (!clockExact && offset > clockOffsetMs) clockOffsetMs = offset;
}

/** The server's "now" as estimated on this device. */
export function serverNow(): number {
  return Date.now() + clockOffsetMs;
}

/** Whether a transfer may still be cancelled: it has a window and the window is not over yet. */
export function isCancellable(cancellableUntil: number | null, now: number = serverNow()): boolean {
  return cancellableUntil !== null && now < cancellableUntil;
}

/** Milliseconds left to cancel (0 when over or not cancellable). */
export function cancelMsLeft(cancellableUntil: number | null, now: number = serverNow()): number {
  return cancellableUntil === null ? 0 : Math.max(0, cancellableUntil - now);
}
