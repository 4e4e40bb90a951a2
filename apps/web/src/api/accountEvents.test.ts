import { describe, expect, it } from 'vitest';
import { keysChangedBy } from './accountEvents';
import { inboxKeys } from './inbox';
import { supportKeys } from './support';
import { userKeys } from './user';
import { walletKeys } from './wallet';

describe('keysChangedBy', () => {
  it('refetches what a kind of event changes, with the inbox', () => {
    expect(keysChangedBy('kycApproved')).toEqual([inboxKeys.all, userKeys.all]);
    expect(keysChangedBy('kycApproved')).not.toContainEqual(supportKeys.all);
  });

  it('refetches everything after a lost connection, support included (its events may have been missed)', () => {
    const keys = keysChangedBy(null);
    expect(keys).toContainEqual(inboxKeys.all);
    expect(keys).toContainEqual(userKeys.all);
    expect(keys).toContainEqual(walletKeys.all);
    expect(keys).toContainEqual(supportKeys.all);
  });
});
