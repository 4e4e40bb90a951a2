/**
 * The reference: a bare Fastify route (defaults, logger off) answering the same JSON object the real
 * stock_list answered, serialised on every request like any Fastify reply without a schema. Measured on
 * the same machine, in its own process, in the same run as the real app.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { sendListening, serveControl } from './control.js';

const payloadFile = process.env.BENCH_PAYLOAD_FILE;
if (!payloadFile) throw new Error('BENCH_PAYLOAD_FILE is required');
const payload: unknown = JSON.parse(fs.readFileSync(payloadFile, 'utf8'));

const app = Fastify({ logger: false });
app.get('/bare', async () => payload);

serveControl({ stop: () => app.close() });

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
sendListening(typeof address === 'object' && address ? address.port : 0);
