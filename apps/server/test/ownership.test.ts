import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';
import { ownedProbes } from './ownership.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe("ownership: another user's resource answers 404", () => {
  it.each(ownedProbes.map((p) => [p.name, p] as const))('%s', async (_name, probe) => {
    const owner = await h.registerUser();
    const intruder = await h.registerUser();
    const ask = await probe.setup(h, owner);
    const asOwner = await ask(owner.token);
    expect(asOwner.body.code).toBe(200);
    const asIntruder = await ask(intruder.token);
    expect(asIntruder).toMatchObject({ status: 404, body: { code: 404, data: null } });
  });
});
