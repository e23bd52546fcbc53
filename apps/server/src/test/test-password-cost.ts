import type { ScryptCost } from '../shared/crypto.ts';

/**
 * The seeded demo users' password cost in the test suites' databases: about 1,000 logins spread
 * over the suites would spend several minutes in scrypt at the OWASP cost (N=2^17, ~0.4 s each).
 * The hash carries its cost, so the login path is the same one; users the tests create are hashed
 * at the full cost.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
