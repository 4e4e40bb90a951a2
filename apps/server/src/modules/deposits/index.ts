/** Deposits: channels, customers' deposit orders and their review. Public face of the module. */
export { ASSET_CURRENCY, checkChannel, consoleDepositRoutes } from './console-routes.js';
export { depositRoutes } from './routes.js';
export { depositChannels, rechargeOrders } from './schema.js';
export {
  approveDeposit,
  type ChannelSnapshot,
  channelLabel,
  channelSnapshot,
  createDepositService,
  DEPOSIT_RECORD_LINK,
  type DepositService,
  toChannel,
} from './service.js';
