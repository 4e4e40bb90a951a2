/**
 * The endpoints this app calls, as references without schemas (@beurs/contracts client-modules.ts): calling an
 * endpoint does not load zod, so the first screen stays light (issue 13). The data is read from the contracts at
 * build time (`virtual:beurs-endpoints`, packages/contracts/src/vite-plugin.ts). A screen that validates input
 * with a contract schema imports it from @beurs/contracts, and zod loads with that screen.
 */

import * as endpoints from 'virtual:beurs-endpoints';
import type {
  articles as articlesModule,
  auction as auctionModule,
  auth as authModule,
  blocktrade as blocktradeModule,
  bonds as bondsModule,
  ClientModule,
  follow as followModule,
  funds as fundsModule,
  inbox as inboxModule,
  loan as loanModule,
  market as marketModule,
  placing as placingModule,
  primary as primaryModule,
  quant as quantModule,
  robots as robotsModule,
  support as supportModule,
  trading as tradingModule,
  user as userModule,
  wallet as walletModule,
} from '@beurs/contracts';

export const auth = endpoints.auth as ClientModule<typeof authModule>;
export const user = endpoints.user as ClientModule<typeof userModule>;
export const market = endpoints.market as ClientModule<typeof marketModule>;
export const wallet = endpoints.wallet as ClientModule<typeof walletModule>;
export const inbox = endpoints.inbox as ClientModule<typeof inboxModule>;
export const trading = endpoints.trading as ClientModule<typeof tradingModule>;
export const primary = endpoints.primary as ClientModule<typeof primaryModule>;
export const blocktrade = endpoints.blocktrade as ClientModule<typeof blocktradeModule>;
export const placing = endpoints.placing as ClientModule<typeof placingModule>;
export const auction = endpoints.auction as ClientModule<typeof auctionModule>;
export const bonds = endpoints.bonds as ClientModule<typeof bondsModule>;
export const articles = endpoints.articles as ClientModule<typeof articlesModule>;
export const loan = endpoints.loan as ClientModule<typeof loanModule>;
export const funds = endpoints.funds as ClientModule<typeof fundsModule>;
export const support = endpoints.support as ClientModule<typeof supportModule>;
export const follow = endpoints.follow as ClientModule<typeof followModule>;
export const robots = endpoints.robots as ClientModule<typeof robotsModule>;
export const quant = endpoints.quant as ClientModule<typeof quantModule>;
