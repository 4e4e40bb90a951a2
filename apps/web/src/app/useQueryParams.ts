import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query parameters of the current route as a plain object (SPEC §2: "query parameters are
 * passed to each page"), e.g. `const { name, code, source } = useQueryParams<'name' | 'code' | 'source'>()`.
 */
export function useQueryParams<K extends string = string>(): Partial<Record<K, string>> {
  const [params] = useSearchParams();
  return useMemo(() => Object.fromEntries(params) as Partial<Record<K, string>>, [params]);
}
