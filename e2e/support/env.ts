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

/**
 * Which light/dark × desktop/phone combinations a screenshot tour runs. `npm test` runs two of the
 * four — light on the desktop and dark on the phone, so each mode and each size is seen once per
 * run — and `npm run test:nightly` (E2E_FULL_MATRIX=1) all four. Behaviour tests are not affected.
 */
export function inTourMatrix(mode: "light" | "dark", viewport: string): boolean {
  if (process.env.E2E_FULL_MATRIX === "1") return true;
  return (mode === "light") === (viewport === "desktop");
}
