/**
 * A strategy's track record: its NAV per unit (1 at the start of the record) as a line, with the start level drawn
 * dashed so a loss reads as a loss (a robot's value over its allocation too). Plain SVG: the points are few (one a day) and no chart library loads for it.
 */
import { useTranslation } from 'react-i18next';

export function NavChart({
  points,
  testId,
  label,
}: {
  points: ReadonlyArray<{ time: number; nav: string }>;
  testId?: string;
  /** What the line is (a robot's value over its allocation); a strategy's NAV per unit by default. */
  label?: string;
}) {
  const { t } = useTranslation();
  const values = points.map((p) => Number(p.nav));
  if (values.length < 2) return null;
  const lo = Math.min(1, ...values);
  const hi = Math.max(1, ...values);
  const span = hi - lo || 1;
  const w = 300;
  const h = 80;
  const x = (i: number) => (i / (values.length - 1)) * w;
  const y = (v: number) => h - 4 - ((v - lo) / span) * (h - 8);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = values[values.length - 1] ?? 1;
  const tone = last >= 1 ? 'var(--rise, #21E57B)' : 'var(--fall, #FD005C)';
  return (
    <svg
      className="nav-chart"
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label ?? t('follow.chartLabel')}
      data-testid={testId}
      width="100%"
      height={h}
    >
      <line x1={0} x2={w} y1={y(1)} y2={y(1)} stroke="currentColor" strokeOpacity={0.35} strokeDasharray="4 4" />
      <polyline points={line} fill="none" stroke={tone} strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
