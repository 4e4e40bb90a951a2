import { describe, expect, it } from 'vitest';
import { channel, createInProcessBus } from './bus.js';

const prices = channel<Array<{ key: string; price: string }>>('test.prices');
const other = channel<string>('test.other');

describe('in-process bus', () => {
  it('delivers to every subscriber of the channel, only that channel, until unsubscribed', () => {
    const bus = createInProcessBus();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = bus.subscribe(prices, (m) => a.push(...m.map((q) => q.key)));
    bus.subscribe(prices, (m) => b.push(...m.map((q) => q.price)));
    bus.subscribe(other, () => a.push('wrong channel'));
    bus.publish(prices, [{ key: '0:AAPL', price: '1.00' }]);
    stopA();
    bus.publish(prices, [{ key: '0:SAP', price: '2.00' }]);
    expect(a).toEqual(['0:AAPL']);
    expect(b).toEqual(['1.00', '2.00']);
  });

  it('reports a failing subscriber and still delivers to the others', () => {
    const errors: string[] = [];
    const bus = createInProcessBus((error, name) => errors.push(`${name}: ${(error as Error).message}`));
    const got: string[] = [];
    bus.subscribe(other, () => {
      throw new Error('boom');
    });
    bus.subscribe(other, (m) => got.push(m));
    bus.publish(other, 'hello');
    expect(got).toEqual(['hello']);
    expect(errors).toEqual(['test.other: boom']);
  });

  it('delivers nothing after close', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    bus.subscribe(other, (m) => got.push(m));
    await bus.close();
    bus.publish(other, 'late');
    expect(got).toEqual([]);
  });
});
