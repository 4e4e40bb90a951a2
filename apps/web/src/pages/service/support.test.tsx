// @vitest-environment happy-dom
/**
 * Help and contact against a fake server: the list with its unread badges and its empty and error states; a new
 * conversation refuses an empty subject or message on the screen and sends nothing, and sends a valid one with the
 * topic the linking screen chose; a conversation shows both sides, marks the answers read, refuses an empty reply and
 * sends text.
 */
import { type DataOf, type SupportConversation, type SupportMessage, support } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SupportLink } from '../../components/SupportLink';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { ServiceChatPage } from './chat';
import { ServicePage } from './index';
import { ServiceNewPage } from './new';

const conversation = (over: Partial<SupportConversation> = {}): SupportConversation => ({
  id: 7,
  topic: 'deposit',
  subject: 'My deposit',
  status: 'pending',
  unread: 2,
  lastText: 'We are looking into it.',
  lastFrom: 'operator',
  lastMessageTimestamp: Date.UTC(2026, 10, 2, 10),
  createTimestamp: Date.UTC(2026, 10, 2, 9),
  ...over,
});
const message = (over: Partial<SupportMessage>): SupportMessage => ({
  id: 1,
  conversationId: 7,
  from: 'customer',
  operatorName: null,
  text: 'Where is my deposit?',
  image: null,
  read: true,
  createTimestamp: Date.UTC(2026, 10, 2, 9),
  ...over,
});
const list = (items: SupportConversation[]): DataOf<typeof support.supportList> => ({
  list: items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unread: items.reduce((n, c) => n + c.unread, 0),
});
const thread = (unread = 1): DataOf<typeof support.supportDetail> => ({
  conversation: conversation({ unread }),
  messages: [
    message({}),
    message({ id: 2, from: 'operator', operatorName: 'rita', text: 'We are looking into it.', read: false }),
  ],
  hasMore: false,
});

describe('Help and contact', () => {
  setupScreenTests();

  it('lists the conversations with their unread answers, topic and status', async () => {
    fakeApi().on(support.supportList, list([conversation()]));
    renderScreen(<ServicePage />, '/pages/service/index');
    const row = await screen.findByTestId('support-row');
    expect(row.textContent).toContain('My deposit');
    expect(row.textContent).toContain('Customer service: We are looking into it.');
    expect(row.textContent).toContain('Deposits');
    expect(row.textContent).toContain('Answered');
    expect(within(row).getByTestId('support-row-unread').textContent).toBe('2');
  });

  it('has an empty state with a way to start', async () => {
    fakeApi().on(support.supportList, list([]));
    renderScreen(<ServicePage />, '/pages/service/index');
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByTestId('support-new')).toBeTruthy();
  });

  it('says when the list could not be loaded', async () => {
    fakeApi().on(support.supportList, refuse(422, 'Boom'));
    renderScreen(<ServicePage />, '/pages/service/index');
    expect(await screen.findByText('This could not be loaded')).toBeTruthy();
    expect(document.body.textContent).toContain('Boom');
  });

  it('refuses an empty subject and message on the screen, then starts the conversation with its topic', async () => {
    const api = fakeApi().on(support.supportApply, thread(0));
    const u = userEvent.setup();
    renderScreen(<ServiceNewPage />, '/pages/service/new?topic=blockTrade');
    await u.click(await screen.findByTestId('support-submit'));
    expect((await screen.findByTestId('support-subject-error')).textContent).toBe('Please enter a title');
    expect(screen.getByTestId('support-text-error').textContent).toBe('Please enter the text');
    expect(api.callsTo(support.supportApply)).toHaveLength(0);
    expect((screen.getByTestId('support-topic-blockTrade') as HTMLInputElement).checked).toBe(true);

    await u.type(within(screen.getByTestId('support-subject')).getByRole('textbox'), 'Block trades');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'How long does the review take?');
    await u.click(screen.getByTestId('support-submit'));
    await waitFor(() => expect(api.callsTo(support.supportApply)).toHaveLength(1));
    expect(api.callsTo(support.supportApply)[0]?.body).toEqual({
      topic: 'blockTrade',
      subject: 'Block trades',
      text: 'How long does the review take?',
    });
    expect(await screen.findByTestId('navigated-away')).toBeTruthy();
  });

  it('shows both sides, marks the answers read, refuses an empty reply and sends text', async () => {
    const api = fakeApi()
      .on(support.supportDetail, thread(1))
      .on(support.supportRead, { unread: 0 })
      .on(support.supportSend, (call) =>
        message({ id: 3, text: String((call.body as { text: string }).text), read: false }),
      );
    const u = userEvent.setup();
    renderScreen(<ServiceChatPage />, '/pages/service/chat?id=7');
    const messages = await screen.findAllByTestId('support-message');
    expect(messages.map((m) => m.dataset.from)).toEqual(['customer', 'operator']);
    expect(messages[1]?.textContent).toContain('Customer service · rita');
    expect(within(messages[0] as HTMLElement).getByTestId('support-message-read').textContent).toContain('Read');
    await waitFor(() => expect(api.callsTo(support.supportRead)).toHaveLength(1));

    await u.click(screen.getByTestId('support-reply-send'));
    expect((await screen.findByTestId('support-reply-error')).textContent).toBe('Please enter the text');
    expect(api.callsTo(support.supportSend)).toHaveLength(0);
    await u.type(within(screen.getByTestId('support-reply')).getByRole('textbox'), 'Thank you');
    await u.click(screen.getByTestId('support-reply-send'));
    await waitFor(() => expect(api.callsTo(support.supportSend)).toHaveLength(1));
    expect(api.callsTo(support.supportSend)[0]?.body).toEqual({ text: 'Thank you' });
  });

  it('says a conversation it cannot show does not exist, with the way back to the list, and marks nothing read', async () => {
    // Another customer's conversation, or one that never was: the server answers 404.
    const api = fakeApi().on(support.supportDetail, refuse(404, 'Not found'));
    renderScreen(<ServiceChatPage />, '/pages/service/chat?id=8');
    expect(await screen.findByText('This conversation does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All conversations/ }).getAttribute('href')).toContain(
      '/pages/service/index',
    );
    expect(screen.queryByTestId('support-reply')).toBeNull();
    expect(api.callsTo(support.supportRead)).toHaveLength(0);
    // A malformed id is not asked for at all.
    renderScreen(<ServiceChatPage />, '/pages/service/chat?id=abc');
    expect(await screen.findAllByText('This conversation does not exist')).toHaveLength(2);
    expect(api.callsTo(support.supportDetail)).toHaveLength(1);
  });

  it("shows an operator's picture in the conversation", async () => {
    const url = '/web/file/abc?exp=1&sig=x';
    fakeApi()
      .on(support.supportDetail, {
        ...thread(0),
        messages: [
          message({}),
          message({ id: 2, from: 'operator', operatorName: 'rita', text: null, image: { url, mime: 'image/png' } }),
        ],
      })
      .on(support.supportRead, { unread: 0 });
    renderScreen(<ServiceChatPage />, '/pages/service/chat?id=7');
    const messages = await screen.findAllByTestId('support-message');
    const picture = within(messages[1] as HTMLElement).getByRole('img');
    expect(picture.getAttribute('src')).toBe(url);
    expect(picture.getAttribute('alt')).toBe('Picture');
  });

  it('links a screen that needs a person to a new conversation on its topic', async () => {
    const u = userEvent.setup();
    renderScreen(<SupportLink topic="loan" testId="loan-support" />, '/pages/loan/index');
    const link = await screen.findByTestId('loan-support');
    expect(link.textContent).toBe('Questions? Talk to customer service');
    await u.click(link);
    expect(await screen.findByTestId('navigated-away')).toBeTruthy();
  });
});
