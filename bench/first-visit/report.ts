/** bench/reports/first-visit.md from the visits' figures. */
import type { Machine } from '../lib/machine.js';
import type { VisitResult } from './measure.js';

/** Issue 13: the home route's first visit loads at most 150 KB of JavaScript on the wire. */
export const GOAL_BYTES = 150_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function renderReport(run: { machine: Machine; commit: string; results: VisitResult[] }): string {
  const { machine, results } = run;
  const home = results[0];
  const met = home !== undefined && home.js.bytes <= GOAL_BYTES;
  const lines = [
    '# First visit on a phone',
    '',
    `Run ${machine.date} at commit ${run.commit}: ${machine.nproc} cores, ${machine.cpuModel}, Node ${machine.node},`,
    `load average ${machine.loadAverage.toFixed(2)}. \`npm run bench -- first-visit\` after \`npm run build -w apps/web\`.`,
    '',
    'Each screen is loaded as a guest in a fresh Chromium context (no cache, no storage, no service worker),',
    '390x844, `accept-encoding: br`, from the server as `npm start` runs it (apps/web/dist, precompressed).',
    'Bytes are on the wire (compressed body + response headers, HTTP/1.1), until the network was quiet for 1 s;',
    `"bodies only" leaves out the headers (${home ? kb((home.js.bytes - home.js.body) / Math.max(1, home.js.requests)) : '-'} per script answer on home), which HTTP/2`,
    'behind a TLS proxy compresses to a few bytes after the first answer. The goal is judged on the first figure.',
    '',
    `**Goal: the home route loads at most ${kb(GOAL_BYTES)} of JavaScript: ${met ? 'met' : 'missed'}**` +
      (home ? ` (${kb(home.js.bytes)}).` : '.'),
    '',
    '| screen | JS | JS bodies only | JS files | CSS | CSS files | total | requests | SW precache (after load) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${kb(r.js.bytes)} | ${kb(r.js.body)} | ${r.js.requests} | ${kb(r.css.bytes)} | ${r.css.requests} | ${kb(r.total.bytes)} | ${r.total.requests} | ${r.workerInControl ? `${kb(r.precache.bytes)} in ${r.precache.requests}` : 'worker not in control within 30 s'} |`,
    ),
    '',
    'The service worker (vite-plugin-pwa) registers once the page has loaded and then fetches the app for',
    'offline use; those bytes are not part of the page load and are listed apart.',
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.name}: JavaScript files`, '', '| file | on the wire |', '|---|---:|');
    for (const s of r.scripts) lines.push(`| ${s.file} | ${kb(s.bytes)} |`);
    if (r.uncompressedJs.length > 0) lines.push('', `Not sent as brotli: ${r.uncompressedJs.join(', ')}`);
    if (r.unmeasured.length > 0)
      lines.push('', `Not counted (Chromium never reported their sizes): ${r.unmeasured.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}
