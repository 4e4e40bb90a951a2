/**
 * Console: a customer's wallets and full ledger (docs/money.md "The operator console"). Both are personal data,
 * so every read is audited.
 */
import { consoleMoney } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { assertCustomerExists } from '../users/index.js';
import { bill } from './service.js';

export function consoleWalletRoutes(app: FastifyInstance, deps: Deps) {
  const { db, ledger, clock } = deps;

  route(app, consoleMoney.customerWallets, async ({ req, params }) => {
    await assertCustomerExists(db, params.id);
    await audit(db, req, 'customer.wallets.read', { type: 'user', id: params.id });
    return (await ledger.balances(db, params.id)).map((b) => ({
      walletType: b.wallet,
      currency: b.currency,
      // The wire's `balance` is the available amount (SPEC §3), the ledger's `available`.
      balance: b.available,
      usedBalance: b.held,
      total: b.total,
    }));
  });

  route(app, consoleMoney.customerLedger, async ({ req, params, body }) => {
    await assertCustomerExists(db, params.id);
    const page = await bill(db, params.id, { ...body, withOperator: true }, requestLanguage(req), clock.now());
    // A customer's bill is personal data: the read is on record, with the page looked at.
    await audit(db, req, 'customer.ledger.read', { type: 'user', id: params.id }, { filter: body });
    return page;
  });
}
