/** Users: profile, settings and the UserInfo DTO. Public face of the module. */
export {
  assertCustomerExists,
  findUserByEmail,
  findUserById,
  findUserByInvitation,
  findUserByLogin,
  toUserInfo,
  type UserRow,
  usernameTaken,
} from './repo.js';
export { userRoutes } from './routes.js';
