/** The shape of every paginated list: one page of items, the total count and where the page is. */
import { z } from 'zod';

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Cuts one page (1-based) out of a full list. */
export function paginate<T>(all: readonly T[], page: number, pageSize: number): Page<T> {
  return { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}
