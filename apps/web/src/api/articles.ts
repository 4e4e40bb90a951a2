/**
 * News and articles (docs/news.md): published articles page by page (all, or those naming one instrument) and one
 * article. Public: read before signing in. Articles are written in the request language, so keys carry it.
 */
import type { ArticleKind } from '@beurs/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { articles } from './endpoints';

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (filter: ArticleFilter, pageSize: number, language: string) =>
    [...articleKeys.lists(), filter.code ?? null, filter.kind ?? null, pageSize, language] as const,
  detail: (id: number, language: string) => [...articleKeys.all, 'detail', id, language] as const,
};

export interface ArticleFilter {
  /** Only the articles naming this instrument (the quote page). */
  code?: string | undefined;
  kind?: ArticleKind | undefined;
}

/** Published articles, newest first, `pageSize` at a time. */
export function useArticlesInfinite(filter: ArticleFilter, pageSize: number) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: articleKeys.list(filter, pageSize, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(articles.pageList, { page: pageParam, pageSize, ...filter }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

/** One published article (unpublished or unknown ids answer 404). */
export function useArticleQuery(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: articleKeys.detail(id ?? 0, i18n.language),
    queryFn: ({ signal }) => api.call(articles.detail, {}, { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}
