// `npm run test:nightly`: the long runs `npm test` leaves out, bounded in count and time; traffic
// stays on 127.0.0.1.
//   1. the server suite with the long counts of the security gates (NIGHTLY=1): G1 fuzz ≥ 100,000
//      requests, G8 1,000 mutated documents of every format, G10 200 SIGKILL cycles (tests that
//      scale read NIGHTLY or their own override);
//   2. every E2E screenshot tour in all four light/dark × desktop/phone combinations
//      (E2E_FULL_MATRIX=1; `npm test` runs two of them), against a fresh build.
// Arguments go to vitest (e.g. a file filter); the E2E step then does not run.
import { spawnSync } from "node:child_process";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const extra = process.argv.slice(2);
const statuses = [
  run("npx", ["vitest", "run", "--project", "server", "--project", "server-isolated", ...extra], {
    NIGHTLY: "1",
    CRASH_CYCLES: process.env.CRASH_CYCLES ?? "200",
  }),
];
if (extra.length === 0) {
  const built = run("npm", ["run", "build"]);
  statuses.push(built);
  if (built === 0)
    statuses.push(
      run("npx", ["playwright", "test"], { E2E_FULL_MATRIX: "1", NEXUS_TEST_SERVER: "bundle" }),
    );
}
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
