export * from './constants.js';
export * from './endpoint.js';
export type { CompanyProfile, Session, UserInfo } from './endpoints/auth.js';
export * as auth from './endpoints/auth.js';
export * as consoleApi from './endpoints/console.js';
export type { UploadedFile } from './endpoints/user.js';
export * as user from './endpoints/user.js';
export * from './enums.js';
export * from './envelope.js';
export * from './i18n.js';
export * from './money.js';
export * as rules from './rules.js';
export { V, type ValidationKey } from './rules.js';

import type { Endpoint } from './endpoint.js';
import * as auth from './endpoints/auth.js';
import * as consoleApi from './endpoints/console.js';
import * as user from './endpoints/user.js';

/** Every endpoint, for the OpenAPI document and the fuzz test. Modules append theirs here. */
export const allEndpoints: readonly Endpoint[] = [
  auth.loginByUsername,
  auth.logout,
  auth.getEmailCode,
  auth.register,
  auth.registerCompany,
  auth.registerQuick,
  auth.resetPassword,
  auth.updatePassword,
  auth.settingPayPassword,
  auth.updatePayPassword,
  user.userInfoEndpoint,
  user.getUserInfoById,
  user.updateProfile,
  user.updateReal,
  user.fileUpload,
  user.fileTermsUpload,
  user.appVersion,
  user.areaInfoList,
  user.dictData,
  consoleApi.consoleLogin,
  consoleApi.consoleMe,
  consoleApi.consoleLogout,
  consoleApi.consoleCustomers,
  consoleApi.consoleCustomer,
  consoleApi.consoleOutbox,
  consoleApi.consoleAudit,
] as readonly Endpoint[];
