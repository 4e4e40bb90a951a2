// A stand-in worker for platform/workers.test.ts: answers its pid on a port shared with the other workers.
import http from 'node:http';

if (process.env.POOL_WORKER_FAIL === '1') process.exit(3);
http.createServer((_req, res) => res.end(String(process.pid))).listen(0, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
