/**
 * Hostile text never reaches a handler: every string of every request (JSON body, query, path parameters, and the
 * keys of objects) is checked before validation, on every route of the app, so an endpoint added tomorrow is
 * covered without doing anything. A NUL used to reach PostgreSQL (which refuses it in text: a 500, and the failed
 * statement's parameters in the log). The rule itself is the contract's (rules.isHostileText): control characters
 * other than tab and line breaks, DEL, C1 controls, lone surrogates. Whether a field may span lines is the
 * field's own rule (rules.ts: one-line text refuses tab and line breaks).
 */
import { rules, V } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.js';

/** Where the first hostile string is (`field.sub.0`, or the object holding a hostile key), or undefined. */
export function findHostileText(value: unknown, at = '', depth = 0): string | undefined {
  if (typeof value === 'string') return rules.isHostileText(value) ? at : undefined;
  // JSON nests no deeper than the contract's schemas; deeper input is refused by validation anyway.
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    // Name the holder, not the key: a hostile key is not echoed back.
    if (rules.isHostileText(key)) return at || 'body';
    const found = findHostileText(inner, at ? `${at}.${key}` : key, depth + 1);
    if (found !== undefined) return found || key;
  }
  return undefined;
}

export function installHostileInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findHostileText(req.params) ?? findHostileText(req.query) ?? findHostileText(req.body);
    if (field !== undefined) throw invalid(V.badCharacters, field || undefined);
  });
}
