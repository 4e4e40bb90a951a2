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
