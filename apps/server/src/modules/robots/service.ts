/** Robot products and a customer's allocation limits (docs/strategies.md "Trading robots"). */
import { robots as api, Code, Decimal, E, paginate, type RobotQuota, wireAmount } from '@beurs/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { createRobotOrders } from './orders.js';
import { ROBOT_PRODUCTS, robotProductById } from './products.js';

export const robotNotFound = (id: number) => new AppError(Code.notFound, E.robotNotFound, { id });

export function createRobotService(deps: Pick<Deps, 'db' | 'ledger' | 'market' | 'log'>) {
  const { db, ledger } = deps;
  const orders = createRobotOrders(deps);
  return {
    orders,

    page: (opts: { page: number; pageSize: number }) => paginate(ROBOT_PRODUCTS, opts.page, opts.pageSize),

    product(id: number) {
      const product = robotProductById(id);
      if (!product) throw robotNotFound(id);
      return product;
    },

    /**
     * What the customer may allocate now: the customer-wide room left by the robots not ended (their allocations),
     * capped by the wallet and the robot's maximum; none once the most robots run.
     */
    async quota(userId: number, robotId?: number): Promise<RobotQuota> {
      const product = robotId === undefined ? undefined : robotProductById(robotId);
      if (robotId !== undefined && !product) throw robotNotFound(robotId);
      const available = await ledger.available(db, { userId, wallet: api.ROBOT_WALLET });
      const { allocated, active } = await orders.holding(db, userId);
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
