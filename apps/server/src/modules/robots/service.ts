/** Robot products and a customer's allocation limits (docs/strategies.md "Trading robots"). */
import { robots as api, Code, Decimal, E, paginate, type RobotQuota, wireAmount } from '@beurs/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { ROBOT_PRODUCTS, robotProductById } from './products.js';

export const robotNotFound = (id: number) => new AppError(Code.notFound, E.robotNotFound, { id });

export function createRobotService({ db, ledger }: Pick<Deps, 'db' | 'ledger'>) {
  return {
    page: (opts: { page: number; pageSize: number }) => paginate(ROBOT_PRODUCTS, opts.page, opts.pageSize),

    product(id: number) {
      const product = robotProductById(id);
      if (!product) throw robotNotFound(id);
      return product;
    },

    /**
     * What the customer may allocate now. Robot orders (allocations held by running robots) are not built yet:
     * `allocated` and `active` count none, so the room is the customer-wide maximum, capped by the wallet.
     */
    async quota(userId: number, robotId?: number): Promise<RobotQuota> {
      const product = robotId === undefined ? undefined : robotProductById(robotId);
      if (robotId !== undefined && !product) throw robotNotFound(robotId);
      const available = await ledger.available(db, { userId, wallet: api.ROBOT_WALLET });
      const allocated = new Decimal(0);
      const active = 0;
      const customerMax = new Decimal(api.ROBOT_CUSTOMER_MAX_ALLOCATION);
      let remaining = Decimal.max(0, Decimal.min(customerMax.minus(allocated), available));
      if (product) remaining = Decimal.min(remaining, product.maxAllocation);
      if (active >= api.ROBOT_CUSTOMER_MAX_ACTIVE) remaining = new Decimal(0);
      return {
        currency: api.ROBOT_CURRENCY,
        walletType: api.ROBOT_WALLET,
        available: wireAmount(available),
        maxAllocation: wireAmount(customerMax),
        maxActive: api.ROBOT_CUSTOMER_MAX_ACTIVE,
        allocated: wireAmount(allocated),
        active,
        remaining: wireAmount(remaining),
        robot: product
          ? {
              id: product.id,
              minAllocation: product.minAllocation,
              maxAllocation: product.maxAllocation,
              canStart: product.open && remaining.gte(product.minAllocation),
            }
          : null,
      };
    },
  };
}
