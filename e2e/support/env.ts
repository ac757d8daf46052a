/**
 * Addresses of this E2E run. playwright.config.ts picks the ports once, in the runner process, and
 * puts them in the environment, which every worker inherits.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the E2E suite through playwright.config.ts`);
  return value;
}

export const e2eEnv = {
  get baseURL(): string {
    return `http://127.0.0.1:${required("E2E_PORT")}`;
  },
  get mailApi(): string {
    return `http://127.0.0.1:${required("E2E_MAIL_API_PORT")}`;
  },
  get smtpPort(): number {
    return Number(required("E2E_SMTP_PORT"));
  },
};

export const SUPER_ADMIN_EMAIL = "admin@nexus.test";

const FULL_MATRIX = () => process.env.E2E_FULL_MATRIX === "1";

/** 0 or 1 for a tour's name: which half of the matrix it takes in `npm test`. */
function parity(tour: string): number {
  let sum = 0;
  for (const ch of tour) sum += ch.charCodeAt(0);
  return sum % 2;
}

/**
 * Which light/dark × desktop/phone combinations a screenshot tour runs. `npm test` runs one per
 * tour — light on the desktop or dark on the phone, by the tour's name, so each mode and each
 * size is still seen in every run (CI's 20 minutes on 2 cores) — and `npm run test:nightly`
 * (E2E_FULL_MATRIX=1) all four. Behaviour tests are not affected.
 */
export function inTourMatrix(mode: "light" | "dark", viewport: string, tour: string): boolean {
  if (FULL_MATRIX()) return true;
  if ((mode === "light") !== (viewport === "desktop")) return false;
  return (mode === "light") === (parity(tour) === 0);
}

/** A test run once per colour mode: one of the two in `npm test` (by its name), both nightly. */
export function inModeMatrix(mode: "light" | "dark", test: string): boolean {
  return FULL_MATRIX() || (mode === "light") === (parity(test) === 0);
}
