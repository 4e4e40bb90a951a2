// @vitest-environment happy-dom
/**
 * News against a fake server: the list (tags, the simulated label of the market wrap, paging, the instrument filter,
 * empty and failed states), one article (its sanitised body, links sent through the webview, a 404), and the webview
 * screen, which opens only what its allowlist allows.
 */
import { type ArticleSummary, articles } from '@beurs/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NewsDetailPage } from '../../pages/news/detail';
import { WebviewIndexPage } from '../../pages/webview/index';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { NewsSection } from './NewsSection';

const article = (id: number, over: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id,
  kind: 'article',
  title: `Article ${id}`,
  excerpt: `Excerpt ${id}`,
  simulated: false,
  instruments: [],
  publishTimestamp: Date.UTC(2026, 10, 2, 12),
  ...over,
});

describe('the news list', () => {
  setupScreenTests({ guest: true });

  it('lists articles with their kind, labels the market wrap simulated, and pages on', async () => {
    const api = fakeApi().on(articles.pageList, (call) => {
      const page = (call.body as { page: number }).page;
      return page === 1
        ? {
            list: [article(3, { kind: 'market_wrap', simulated: true }), article(2, { kind: 'announcement' })],
            total: 3,
            page: 1,
            pageSize: 2,
          }
        : { list: [article(1)], total: 3, page: 2, pageSize: 2 };
    });
    renderScreen(<NewsSection pageSize={2} />, '/pages/home/index');
    const items = await screen.findAllByTestId('news-item');
    expect(items.map((i) => i.getAttribute('href'))).toEqual(['/pages/news/detail?id=3', '/pages/news/detail?id=2']);
    expect(items[0]?.textContent).toContain('Market wrap');
    expect(items[0]?.textContent).toContain('Simulated');
    expect(items[1]?.textContent).toContain('Announcement');
    expect(items[1]?.textContent).not.toContain('Simulated');
    await userEvent.setup().click(screen.getByTestId('news-more'));
    await waitFor(() => expect(screen.getAllByTestId('news-item')).toHaveLength(3));
    expect(screen.queryByTestId('news-more')).toBeNull();
    expect(api.callsTo(articles.pageList).map((c) => c.body)).toEqual([
      { page: 1, pageSize: 2 },
      { page: 2, pageSize: 2 },
    ]);
  });

  it("asks for the instrument's articles on a quote screen, and says when there are none", async () => {
    const api = fakeApi().on(articles.pageList, { list: [], total: 0, page: 1, pageSize: 3 });
    renderScreen(<NewsSection code="AAPL" pageSize={3} />, '/pages/quote/stock');
    expect(await screen.findByText('No articles name AAPL yet')).toBeTruthy();
    expect(api.callsTo(articles.pageList)[0]?.body).toEqual({ page: 1, pageSize: 3, code: 'AAPL' });
  });

  it('says when the news cannot be loaded, and retries', async () => {
    let fail = true;
    fakeApi().on(articles.pageList, () =>
      fail ? refuse(422, 'Operation Failed') : { list: [article(1)], total: 1, page: 1, pageSize: 3 },
    );
    renderScreen(<NewsSection pageSize={3} />, '/pages/home/index');
    expect(await screen.findByText('Could not load the news.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('news-item')).toBeTruthy();
  });
});

describe('an article', () => {
  setupScreenTests({ guest: true });

  it('shows the sanitised body and sends its links through the webview', async () => {
    fakeApi().on(
      { ...articles.detail, path: '/article/7' },
      {
        ...article(7, { kind: 'market_wrap', simulated: true, instruments: ['AAPL'] }),
        html: '<p>Read <a href="https://evil.example/">this</a>.</p>',
      },
    );
    renderScreen(<NewsDetailPage />, '/pages/news/detail?id=7');
    const body = await screen.findByTestId('article-body');
    expect(body.innerHTML).toBe('<p>Read <a href="https://evil.example/">this</a>.</p>');
    expect(screen.getByTestId('article').textContent).toContain('Simulated');
    expect(screen.getByText(/Written automatically from the simulated market/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AAPL' }).getAttribute('href')).toBe(
      '/pages/quote/stock?name=AAPL&code=AAPL',
    );
    await userEvent.setup().click(screen.getByText('this'));
    expect(await screen.findByTestId('navigated-away')).toBeTruthy();
  });

  it('says an unpublished or unknown article is not available', async () => {
    fakeApi().on({ ...articles.detail, path: '/article/8' }, refuse(404, 'The URL does not exist'));
    renderScreen(<NewsDetailPage />, '/pages/news/detail?id=8');
    expect(await screen.findByText('This article is not available')).toBeTruthy();
  });
});

describe('the webview', () => {
  setupScreenTests({ guest: true });

  it('refuses an address that is not on its list, and opens nothing', async () => {
    fakeApi();
    renderScreen(<WebviewIndexPage />, `/pages/webview/index?url=${encodeURIComponent('https://evil.example/')}`);
    expect((await screen.findByTestId('webview-refused')).textContent).toContain('This address cannot be opened');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('navigated-away')).toBeNull();
  });

  it('offers a page of a published host, showing where it leads', async () => {
    fakeApi();
    const url = 'https://www.esma.europa.eu/investor-corner';
    renderScreen(<WebviewIndexPage />, `/pages/webview/index?url=${encodeURIComponent(url)}`);
    const link = await screen.findByRole('link', { name: 'Open www.esma.europa.eu' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens an app screen in its place', async () => {
    fakeApi();
    renderScreen(<WebviewIndexPage />, '/pages/webview/index?url=agreement');
    expect(await screen.findByTestId('navigated-away')).toBeTruthy();
  });
});
