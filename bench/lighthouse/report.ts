/** bench/reports/lighthouse.md from Lighthouse's results. */
import type { Result } from 'lighthouse';
import type { Machine } from '../lib/machine.js';
import { BUSY_STEAL_PERCENT, isQuiet } from '../lib/quiet.js';

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
  /** CPU of everything but this bench's tree in a 2 s probe just before the page, percent of one core. */
  outsideBefore: number;
  /** Time the hypervisor stole while Lighthouse ran, percent of one core (bench/lib/quiet.ts stealPercent). */
  stealDuring?: number;
  /** Lighthouse's own measure of the machine's speed (environment.benchmarkIndex; higher is faster). */
  benchmarkIndex: number;
  scores: { id: string; score: number }[];
  failing: Record<string, FailingAudit[]>;
  /** Where the main thread went (simulated ms): per script, and the longest tasks, for the next optimisation. */
  scripts: { url: string; ms: number }[];
  longTasks: { url: string; startMs: number; ms: number }[];
  /** Lighthouse could not measure the page (lhr.runtimeError, e.g. NO_FCP): its scores are then not figures. */
  runtimeError?: string;
  /** The performance score of every quiet run of the page, in order (the scores above are the median run's). */
  runs?: number[];
}

/**
 * A run is quiet by the money benches' rule (quiet.ts isQuiet): little CPU outside the bench in the probe just
 * before it (the probe stands for the run: Lighthouse's own Chromium would count as outside during it), and little
 * steal while it ran.
 */
export function pageQuiet(r: { outsideBefore: number; stealDuring?: number }): boolean {
  return isQuiet({
    startOutsidePercent: r.outsideBefore,
    outsidePercent: r.outsideBefore,
    stealPercent: r.stealDuring,
  });
}

/** Rows of a table audit's details (bootup-time, long-tasks), with the numeric fields read. */
function rows(lhr: Result, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details;
  return details && 'items' in details && Array.isArray(details.items)
    ? (details.items as Record<string, unknown>[])
    : [];
}

const shortUrl = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) || url : '?');
const ms = (value: unknown) => (typeof value === 'number' ? Math.round(value) : 0);

/** The three categories' scores and, per category, the audits that did not pass, heaviest first. */
export function summarise(name: string, lhr: Result, loadAverage: number, outsideBefore: number): PageResult {
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
  const scripts = rows(lhr, 'bootup-time')
    .map((item) => ({ url: shortUrl(item.url), ms: ms(item.total) }))
    .slice(0, 6);
  const longTasks = rows(lhr, 'long-tasks')
    .map((item) => ({ url: shortUrl(item.url), startMs: ms(item.startTime), ms: ms(item.duration) }))
    .slice(0, 8);
  const benchmarkIndex = lhr.environment?.benchmarkIndex ?? Number.NaN;
  const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
  return { name, loadAverage, outsideBefore, benchmarkIndex, scores, failing, scripts, longTasks, runtimeError };
}

export function renderReport(run: { machine: Machine; commit: string; results: PageResult[] }): string {
  const { machine, results } = run;
  const ids = ['performance', 'accessibility', 'best-practices'];
  const met = results.every((r) => !r.runtimeError && r.scores.every((s) => s.score >= GOAL));
  const score = (r: PageResult, id: string) =>
    r.runtimeError ? 'not measured' : (r.scores.find((s) => s.id === id)?.score ?? '-');
  const lines = [
    '# Lighthouse (mobile)',
    '',
    `Run ${machine.date} at commit ${run.commit}: ${machine.nproc} cores, ${machine.cpuModel}, Node ${machine.node},`,
    `load average ${machine.loadAverage.toFixed(2)} at the start. \`npm run bench -- lighthouse\` after \`npm run build -w apps/web\`.`,
    '',
    'Lighthouse 12.2.3, its default mobile preset (simulated slow 4G, 4x CPU slowdown, Moto G Power screen),',
    'headless Chromium, one fresh browser per page, against the server as `npm start` runs it (precompressed build).',
    'The performance score is simulated from a trace taken on this machine: with other work running it is lower than',
    'on a quiet one, so each page waits until the server has been idle for a second (a fresh server first replays',
    'the strategy books), and the table gives the CPU of processes outside the bench in a 2 s probe just before it',
    '(a page is quiet at 10 % of a core or less). benchmarkIndex is how fast Lighthouse found this machine (higher',
    'is faster): one build can score far apart at different indexes with no outside CPU either time, so compare',
    'runs with a similar index. "Steal" is the time the hypervisor ran another guest on this machine\'s cores while',
    'Lighthouse ran (percent of one core; no process here shows it). Accessibility and best practices do not depend',
    'on load.',
    '',
    "One run's performance score moves by 10-15 points between quiet runs of one build on this machine, so each page",
    'runs several times (BENCH_LIGHTHOUSE_RUNS, default 5; a run that Lighthouse could not measure, that began while',
    `other work ran, or during which the hypervisor stole more than ${BUSY_STEAL_PERCENT} % of a core is run again)`,
    'and the table gives the median run as Lighthouse picks it (computeMedianRun: the run nearest the median first',
    'contentful paint and time to interactive); "runs" lists every kept run\'s performance score. The goal is judged',
    'on the median run.',
    '',
    `**Goal: ${GOAL} or more in each category on every page: ${met ? 'met' : 'missed'}.**`,
    '',
    `| page | ${ids.join(' | ')} | runs (performance) | load average | outside CPU before | quiet | steal | benchmarkIndex |`,
    `|---|${ids.map(() => '---:').join('|')}|---|---:|---:|---|---:|---:|`,
    ...results.map(
      (r) =>
        `| ${r.name} | ${ids.map((id) => score(r, id)).join(' | ')} | ${r.runs?.join(', ') ?? '-'} | ${r.loadAverage.toFixed(1)} | ${r.outsideBefore.toFixed(0)} % | ${pageQuiet(r) ? 'yes' : 'NO'} | ${r.stealDuring === undefined ? '-' : `${r.stealDuring.toFixed(0)} %`} | ${r.benchmarkIndex.toFixed(0)} |`,
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.name}`, '');
    if (r.runtimeError) lines.push(`Lighthouse could not measure this page: ${r.runtimeError}`, '');
    for (const id of ids) {
      const audits = r.failing[id] ?? [];
      lines.push(`${id}: ${audits.length === 0 ? 'no failing audit' : ''}`);
      for (const a of audits.slice(0, 8)) {
        lines.push(`- \`${a.id}\` ${a.title} (score ${a.score}${a.value ? `; ${a.value}` : ''})`);
      }
      lines.push('');
    }
    lines.push(
      `main thread by script (simulated ms): ${r.scripts.map((x) => `${x.url} ${x.ms}`).join(', ') || 'none'}`,
      '',
      `longest tasks (start, duration in simulated ms): ${r.longTasks.map((x) => `${x.url} @${x.startMs} ${x.ms}`).join(', ') || 'none'}`,
      '',
    );
  }
  return lines.join('\n');
}
