/** Sign-up, sign-in and the second factor: the module's public face (other modules and app.ts import only this). */
export { authRoutes } from './routes.js';
export { createSecondFactor, type FactorOwner, type SecondFactor } from './second-factor.js';
export { type AuthService, createAuthService } from './service.js';
