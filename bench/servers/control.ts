/**
 * The IPC side of a server under test: `mark` starts a measuring window, `report` ends it and answers the
 * process's CPU time and event-loop delay over the window (plus whatever the server adds), `stop` closes
 * the server and ends the process. A server whose parent is gone stops by itself, so no run leaves one behind.
 * A server of several processes passes `mark` and `report` on to them (`relay`) and answers their sum.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ServerReport {
  type: 'report';
  wallMs: number;
  /** CPU time of this process over the window as a share of one core, in percent. */
  cpuPercent: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  extra: unknown;
}

export function serveControl(opts: {
  stop: () => Promise<void>;
  onMark?: () => void;
  extra?: () => unknown;
  relay?: { mark: () => Promise<void>; report: (own: ServerReport) => Promise<ServerReport> };
}) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let cpuAtMark = process.cpuUsage();
  let wallAtMark = performance.now();
  let stopping = false;

  async function shutdown(code: number) {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    try {
      await opts.stop();
    } finally {
      delay.disable();
      process.exit(code);
    }
  }

  process.on('message', async (message: { cmd?: string }) => {
    switch (message.cmd) {
      case 'mark':
        delay.reset();
        cpuAtMark = process.cpuUsage();
        wallAtMark = performance.now();
        opts.onMark?.();
        await opts.relay?.mark();
        process.send?.({ type: 'marked' });
        return;
      case 'report': {
        const wallMs = performance.now() - wallAtMark;
        const cpu = process.cpuUsage(cpuAtMark);
        const report: ServerReport = {
          type: 'report',
          wallMs,
          cpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
          eventLoopDelayMs: {
            p50: delay.percentile(50) / 1e6,
            p99: delay.percentile(99) / 1e6,
            max: delay.max / 1e6,
          },
          extra: opts.extra?.(),
        };
        process.send?.(opts.relay ? await opts.relay.report(report) : report);
        return;
      }
      case 'stop':
        void shutdown(0);
        return;
    }
  });
  process.on('disconnect', () => void shutdown(1));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
}

/** `pids`: the processes that serve the sockets, when they are not this one (cluster workers). */
export function sendListening(port: number, pids?: number[]) {
  process.send?.({ type: 'listening', port, pids: pids ?? [process.pid] });
}
