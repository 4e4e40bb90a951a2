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

/**
 * The detail of a console write: the target as it was and as it is now (null where it did not or no longer
 * exists), and the operator's reason where the action takes one. Every console write audits one of these.
 */
export function change<T>(old: T | null, next: T | null, reason?: string | null) {
  return { old, new: next, ...(reason ? { reason } : {}) };
}
