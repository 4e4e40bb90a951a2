import { describe, expect, it } from 'vitest';
import { hashString, inverseNormalCdf, mix, normal, uniform } from './prng.js';

describe('counter-based randomness', () => {
  it('is a pure function of its inputs', () => {
    const h = mix(hashString('seed'), 42);
    expect(normal(h)).toBe(normal(mix(hashString('seed'), 42)));
    expect(hashString('seed')).not.toBe(hashString('seee'));
    expect(mix(1, 2)).not.toBe(mix(2, 1));
  });

  it('draws uniforms in (0, 1) and standard normals', () => {
    const base = hashString('stats');
    const n = 200_000;
    let sum = 0;
    let sumSq = 0;
    let tail = 0;
    let uMin = 1;
    let uMax = 0;
    for (let i = 0; i < n; i++) {
      const z = normal(mix(base, i));
      sum += z;
      sumSq += z * z;
      if (Math.abs(z) > 1.96) tail++;
      const u = uniform(mix(base, -i - 1));
      uMin = Math.min(uMin, u);
      uMax = Math.max(uMax, u);
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(sumSq / n).toBeGreaterThan(0.98);
    expect(sumSq / n).toBeLessThan(1.02);
    expect(tail / n).toBeCloseTo(0.05, 2);
    expect(uMin).toBeGreaterThan(0);
    expect(uMax).toBeLessThan(1);
  });

  it('inverts the normal CDF', () => {
    expect(inverseNormalCdf(0.5)).toBeCloseTo(0, 12);
    expect(inverseNormalCdf(0.975)).toBeCloseTo(1.959963985, 8);
    expect(inverseNormalCdf(0.001)).toBeCloseTo(-3.090232306, 8);
  });
});
