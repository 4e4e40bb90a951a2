/** bench/reports/lighthouse.md from Lighthouse's results. */
import type { Result } from 'lighthouse';
import type { Machine } from '../lib/machine.js';

/** Issue 13: each category at least this, on every page. */
export const GOAL = 95;

export interface FailingAudit {
  id: string;
  title: string;
  score: number;
  /** Lighthouse's own figure, e.g. "3.2 s" or "Potential savings of 40 KiB". */
  value?: string;
}

export interface PageResult {
  name: string;
  loadAverage: number;
  scores: { id: string; score: number }[];
  failing: Record<string, FailingAudit[]>;
}

/** The three categories' scores and, per category, the audits that did not pass, heaviest first. */
export function summarise(name: string, lhr: Result, loadAverage: number): PageResult {
  const scores: PageResult['scores'] = [];
  const failing: PageResult['failing'] = {};
  for (const category of Object.values(lhr.categories)) {
    scores.push({ id: category.id, score: Math.round((category.score ?? 0) * 100) });
    failing[category.id] = category.auditRefs
      .filter((ref) => ref.weight > 0 || category.id === 'accessibility')
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
      .sort((a, b) => b.ref.weight - a.ref.weight)
      .map(({ audit }) => ({
        id: audit?.id ?? '',
        title: audit?.title ?? '',
        score: Math.round((audit?.score ?? 0) * 100),
        value: audit?.displayValue,
      }));
  }
  return { name, loadAverage, scores, failing };
}

export function renderReport(run: { machine: Machine; commit: string; results: PageResult[] }): string {
  const { machine, results } = run;
  const ids = ['performance', 'accessibility', 'best-practices'];
  const met = results.every((r) => r.scores.every((s) => s.score >= GOAL));
  const lines = [
    '# Lighthouse (mobile)',
    '',
    `Run ${machine.date} at commit ${run.commit}: ${machine.nproc} cores, ${machine.cpuModel}, Node ${machine.node},`,
    `load average ${machine.loadAverage.toFixed(2)} at the start. \`npm run bench -- lighthouse\` after \`npm run build -w apps/web\`.`,
    '',
    'Lighthouse 12.2.3, its default mobile preset (simulated slow 4G, 4x CPU slowdown, Moto G Power screen),',
    'headless Chromium, one fresh browser per page, against the server as `npm start` runs it (precompressed build).',
    'The performance score is simulated from a trace taken on this machine: with other work running (see the load',
    'average per page) it is lower than on a quiet one. Accessibility and best practices do not depend on load.',
    '',
    `**Goal: ${GOAL} or more in each category on every page: ${met ? 'met' : 'missed'}.**`,
    '',
    `| page | ${ids.join(' | ')} | load average |`,
    `|---|${ids.map(() => '---:').join('|')}|---:|`,
    ...results.map(
      (r) =>
        `| ${r.name} | ${ids.map((id) => r.scores.find((s) => s.id === id)?.score ?? '-').join(' | ')} | ${r.loadAverage.toFixed(1)} |`,
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.name}`, '');
    for (const id of ids) {
      const audits = r.failing[id] ?? [];
      lines.push(`${id}: ${audits.length === 0 ? 'no failing audit' : ''}`);
      for (const a of audits.slice(0, 8)) {
        lines.push(`- \`${a.id}\` ${a.title} (score ${a.score}${a.value ? `; ${a.value}` : ''})`);
      }
      lines.push('');
    }
  }
  return lines.join('\n');
}
