/**
 * The pieces of `npm run bench -- batch` (bench/batch/main.ts) that need no database: joining the order batch's
 * arguments of single orders into one batch, and the cost of a batch as a straight line in its size.
 */

/**
 * The arguments of `trade_open_batch` for the orders of `batches`, each the arguments of a batch of its own (one
 * array per field: a JS array, or a PostgreSQL array literal `{...}` as placement.ts's jsonTexts writes them), in
 * order: each field's elements one after the other. A field that is one text for the whole batch (the rows' column
 * lists) must be the same in every batch, and stays one.
 */
export function joinBatches(batches: readonly unknown[][]): unknown[] {
  const first = batches[0];
  if (!first) throw new Error('no batch to join');
  return first.map((_, field) => {
    const values = batches.map((b) => b[field]);
    if (values.every((v) => Array.isArray(v))) return (values as unknown[][]).flat();
    if (values.every((v) => typeof v === 'string' && v.startsWith('{') && v.endsWith('}'))) {
      const inner = (values as string[]).map((v) => v.slice(1, -1)).filter((v) => v !== '');
      return `{${inner.join(',')}}`;
    }
    if (values.every((v) => typeof v === 'string' && v === values[0])) return values[0];
    throw new Error(`field ${field} is neither an array, an array literal nor one text in every batch`);
  });
}

/** Least squares `y = fixed + perItem * x` over the points; NaN for fewer than two distinct x. */
export function fitLine(points: ReadonlyArray<{ x: number; y: number }>): { fixed: number; perItem: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  if (!(sxx > 0)) return { fixed: Number.NaN, perItem: Number.NaN };
  const perItem = sxy / sxx;
  return { fixed: my - perItem * mx, perItem };
}
