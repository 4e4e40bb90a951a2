/** Business constants of SPEC §9 and the limits chosen where the spec is silent (docs/decisions.md). */
export const APP_VERSION = '1.0.0';
export const REQUEST_TIMEOUT_MS = 120_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const TOAST_MS = 2_000;
export const PAGE_LOAD_DELAY_MS = 200;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The largest JSON (or other non-file) request body the server reads. */
export const BODY_MAX_BYTES = 1024 * 1024;
export const RISE_COLOUR = '#21E57B';
export const FALL_COLOUR = '#FD005C';
export const TAB_BAR_HEIGHT = 50;
export const NAV_BAR_HEIGHT = 60;
export const EDGE_PADDING = 15;
export const FOLLOW_MIN = '100';
export const FOLLOW_MAX = '1000000';
export const BLOCK_TRADE_MIN_SHARES = 10_000;
export const MIN_DEPOSIT = '1';
export const DEPOSIT_CONFIRMATIONS = 3;
export const SPARKLINE_POINTS = 50;
export const ROBOT_MESSAGES_MAX = 20;

/** Email codes: 6 digits, single use, 10 minutes. */
export const EMAIL_CODE_TTL_SECONDS = 600;
/** A new code for the same address and purpose may be asked for after this long. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** At most this many codes per address per hour asked from one source (IP)… */
export const EMAIL_CODES_PER_HOUR = 5;
/** …and this many per address per hour from all sources, so a stranger cannot use up the owner's. */
export const EMAIL_CODES_PER_HOUR_ALL_SOURCES = 10;
/** Wrong guesses of one code before it is burnt. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/**
 * Failed secret checks allowed per key within the window (which starts at the first failure):
 * the 6th wrong login for an account from one source (IP), the 6th wrong transaction password or
 * current password, answers 429 until the window has passed.
 */
export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Failed logins allowed per account from all sources together. Beyond it password sign-in is
 * paused for the account and its owner is mailed once; sign-in with an email code still works.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 20;

/**
 * The published fee of a treasury-bond purchase or sale (docs/fixed-income.md): this fraction of the consideration
 * (what the bonds cost or fetch, accrued interest included), at least `min` of the bond's currency, to the cent.
 */
export const BOND_FEE = { rate: '0.001', min: '1.00' } as const;
