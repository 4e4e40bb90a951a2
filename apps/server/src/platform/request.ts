import type { Language } from '@beurs/contracts';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './i18n.js';

/** Who sent a request, as sessions and mails record it. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  lang: Language;
}

export const metaOf = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  lang: requestLanguage(req),
});

/** The live-quotes WebSocket address, on the host the client used. */
export const wsUrlFor = (req: FastifyRequest) => {
  const proto = req.headers['x-forwarded-proto'] === 'https' || req.protocol === 'https' ? 'wss' : 'ws';
  return `${proto}://${req.host}/web/ws/quotes`;
};

/** Per-IP limits for the endpoints that check secrets or send mail. */
export const rateLimit = (max: number, timeWindow = '1 minute') => ({ rateLimit: { max, timeWindow } });
