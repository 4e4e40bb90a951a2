// @vitest-environment happy-dom
/**
 * Invite friends against a fake server: the link to the sign-up screen with the code, its QR code, the counts from
 * the server, copying, and the plain statement that there is no reward; a failed load says so with a retry.
 */
import { user } from '@beurs/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { copyText } from '../../lib/clipboard';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { inviteLink, SharePage } from './share';

vi.mock('../../lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));

describe('Invite friends', () => {
  setupScreenTests();

  it('builds the link to the sign-up screen with the code, at the app own address', () => {
    expect(inviteLink('K7QW2M9P', { origin: 'https://app.example', pathname: '/' })).toBe(
      'https://app.example/#/pages/auth/register?invite=K7QW2M9P',
    );
  });

  it('shows the code, its link as a QR code, the counts, and copies the link', async () => {
    fakeApi().on(user.referrals, { invitationCode: 'K7QW2M9P', signedUp: 3, verified: 1 });
    renderScreen(<SharePage />, '/pages/profile/share');
    expect((await screen.findByTestId('share-code')).textContent).toBe('K7QW2M9P');
    expect(screen.getByTestId('share-link').textContent).toMatch(/#\/pages\/auth\/register\?invite=K7QW2M9P$/);
    expect(screen.getByTestId('share-qr').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('share-stats').textContent).toContain('Signed up with your code3');
    expect(screen.getByTestId('share-stats').textContent).toContain('Of them, verified1');
    expect(screen.getByTestId('share-terms').textContent).toMatch(/no reward or commission/);
    await userEvent.setup().click(screen.getByTestId('share-copy-link'));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(screen.getByTestId('share-link').textContent));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says when the invitation cannot be loaded, with a retry', async () => {
    fakeApi().on(user.referrals, refuse(404, 'The URL does not exist'));
    renderScreen(<SharePage />, '/pages/profile/share');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByTestId('share-card')).toBeNull();
  });
});
