import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Server test files that keep a module graph (and a process) of their own; the first runs first. */
const SERVER_ISOLATED = [
  "test/crash.test.ts",
  "test/files-crash.test.ts",
  "test/hostile-uploads.test.ts",
  "test/drain.test.ts",
  "test/multi-instance.test.ts",
];

/**
 * Vitest queues projects by name (contracts, server, server-isolated, web, …), so the crash test
 * (25 SIGKILL cycles, mostly waiting on server starts) began at about 310 s of CI's 520 s and ran
 * on alone for its last 100 s. It goes first, beside the rest of the queue.
 */
class CrashTestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => file.moduleId.endsWith(SERVER_ISOLATED[0] ?? "");
    // Array.prototype.sort is stable: the rest keeps the base order.
    return sorted.sort((a, b) => Number(first(b)) - Number(first(a)));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: CrashTestFirst },
    // Vitest's default is one worker per core minus one: one on a 2-core machine, where most test
    // files wait on PostgreSQL, HTTP and worker threads. Three keep both cores busy (measured on
    // the whole suite: 4 workers 362 s where CI's single worker took 594 s).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "contracts",
          root: "packages/contracts",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          // VITEST_SERVER_EXCLUDE (comma-separated globs): files a second pass leaves out (the CLI's
          // --exclude does not reach a project's own list).
          exclude: [
            ...SERVER_ISOLATED,
            ...(process.env.VITEST_SERVER_EXCLUDE?.split(",").filter(Boolean) ?? []),
          ],
          environment: "node",
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // The files of a worker share one module graph: the server's modules (Hono, Drizzle, the
          // AI SDK, …) are imported once per worker instead of once per file. Each file still has
          // its own database (test/db.ts clones the template). The whole project (910 tests) on
          // the shared 2-core machine at load 12–37: isolated 1,405 s wall, 765 s CPU, imports
          // 1,115 s summed; shared 653 s wall, 547 s CPU, imports 84 s. Failures under that load:
          // isolated 6 (timeouts, the crash files among them), shared 2 (only the crash files,
          // which keep the isolated config below).
          isolate: false,
        },
      },
      {
        // Files that start and SIGKILL server processes, in a fork of their own each as before.
        test: {
          name: "server-isolated",
          root: "apps/server",
          include: SERVER_ISOLATED,
          environment: "node",
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      "apps/web/vitest.config.ts",
      "apps/web/vitest.isolated.config.ts",
    ],
  },
});
