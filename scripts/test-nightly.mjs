// `npm run test:nightly`: the server suite with the long counts of the security gates (NIGHTLY=1):
// G1 fuzz ≥ 100,000 requests, G8 1,000 mutated PDFs, G10 200 SIGKILL cycles. Bounded in count and
// time; traffic stays on 127.0.0.1. Tests that scale read NIGHTLY (or their own override).
import { spawnSync } from "node:child_process";

const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", "server", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { ...process.env, NIGHTLY: "1", CRASH_CYCLES: process.env.CRASH_CYCLES ?? "200" },
  },
);
process.exit(result.status ?? 1);
