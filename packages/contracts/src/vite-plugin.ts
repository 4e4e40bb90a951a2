/**
 * `import { market } from 'virtual:beurs-endpoints'` in the web app and the console: the endpoint modules as plain
 * data (client-modules.ts), computed from the contracts when the build starts. Nothing generated lands in git, and
 * the data cannot drift from the contracts: it is read from them on every build and test run.
 */
import type { Plugin } from 'vite';
import { clientModules } from './client-modules.js';
import * as articles from './endpoints/articles.js';
import * as auction from './endpoints/auction.js';
import * as auth from './endpoints/auth.js';
import * as blocktrade from './endpoints/blocktrade.js';
import * as bonds from './endpoints/bonds.js';
import * as consoleApi from './endpoints/console.js';
import * as consoleMoney from './endpoints/console-money.js';
import * as consolePrimary from './endpoints/console-primary.js';
import * as consoleTrading from './endpoints/console-trading.js';
import * as follow from './endpoints/follow.js';
import * as funds from './endpoints/funds.js';
import * as inbox from './endpoints/inbox.js';
import * as loan from './endpoints/loan.js';
import * as market from './endpoints/market.js';
import * as placing from './endpoints/placing.js';
import * as primary from './endpoints/primary.js';
import * as quant from './endpoints/quant.js';
import * as robots from './endpoints/robots.js';
import * as support from './endpoints/support.js';
import * as trading from './endpoints/trading.js';
import * as user from './endpoints/user.js';
import * as wallet from './endpoints/wallet.js';

const ID = 'virtual:beurs-endpoints';
const RESOLVED = `\0${ID}`;

export function endpointsPlugin(): Plugin {
  return {
    name: 'beurs-endpoints',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => {
      if (id !== RESOLVED) return undefined;
      const data = clientModules({
        auth,
        user,
        market,
        wallet,
        inbox,
        trading,
        primary,
        placing,
        blocktrade,
        auction,
        bonds,
        articles,
        loan,
        funds,
        support,
        follow,
        quant,
        robots,
        consoleApi,
        consoleMoney,
        consolePrimary,
        consoleTrading,
      });
      // One export per module, so a build keeps only the modules it uses (the web app has no console calls).
      return Object.entries(data)
        .map(([name, module]) => `export const ${name} = ${JSON.stringify(module)};`)
        .join('\n');
    },
  };
}
