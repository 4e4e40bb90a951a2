/**
 * The published robots (docs/strategies.md "Trading robots"): terms in code, so every node and every restart
 * serves the same ones and no operator can change a running robot's terms. Prices and limits in USD.
 */
import type { RobotProduct } from '@beurs/contracts';
import { robots as api } from '@beurs/contracts';

type Terms = Omit<RobotProduct, 'currency' | 'walletType' | 'open'>;

const published: readonly Terms[] = [
  {
    id: 1,
    code: 'GRID-BTC',
    strategy: 'grid',
    pairs: ['BTCUSD', 'ETHUSD'],
    gridStepPercent: '0.500',
    levels: 10,
    intervalHours: null,
    rentCycleDays: 30,
    rentPrice: '9.90',
    buyPrice: '149.00',
    minAllocation: '200.00',
    maxAllocation: '20000.00',
  },
  {
    id: 2,
    code: 'GRID-ALT',
    strategy: 'grid',
    pairs: ['SOLUSD', 'XRPUSD', 'ADAUSD', 'DOGEUSD'],
    gridStepPercent: '1.000',
    levels: 8,
    intervalHours: null,
    rentCycleDays: 7,
    rentPrice: '2.90',
    buyPrice: null,
    minAllocation: '100.00',
    maxAllocation: '5000.00',
  },
  {
    id: 3,
    code: 'DCA-MAJORS',
    strategy: 'averaging',
    pairs: ['BTCUSD', 'ETHUSD', 'SOLUSD'],
    gridStepPercent: null,
    levels: 12,
    intervalHours: 4,
    rentCycleDays: 30,
    rentPrice: '4.90',
    buyPrice: '79.00',
    minAllocation: '120.00',
    maxAllocation: '10000.00',
  },
];

export const ROBOT_PRODUCTS: readonly RobotProduct[] = published.map((p) => ({
  ...p,
  currency: api.ROBOT_CURRENCY,
  walletType: api.ROBOT_WALLET,
  open: true,
}));

export const robotProductById = (id: number): RobotProduct | undefined => ROBOT_PRODUCTS.find((p) => p.id === id);
