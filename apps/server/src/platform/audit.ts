import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from './db/client.js';
import { auditLog } from './db/schema.js';

/** Every operator action is written here, in the transaction of the action itself. */
export async function audit(
  tx: Db | Tx,
  req: FastifyRequest,
  action: string,
  target?: { type: string; id: string | number },
  detail?: unknown,
) {
  await tx.insert(auditLog).values({
    operatorId: req.operator?.id ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    detail: detail ?? null,
    ip: req.ip ?? null,
  });
}
