/** The one source of "now", so tests can move time (code expiry, token expiry). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/**
 * Real time shifted so that the process starts at `startAt` and runs on from there: for demos
 * and browser tests that need markets open whatever the day (SIM_CLOCK_START).
 */
export function offsetClock(startAt: Date, base: Clock = systemClock): Clock {
  const offset = startAt.getTime() - base.now().getTime();
  return { now: () => new Date(base.now().getTime() + offset) };
}
