import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { cataloguePlugin } from "./build/catalogue-plugin.ts";
import { contentPlugin } from "./build/content-plugin.ts";

/**
 * Test files that need a module graph of their own: they import a module for its side effect
 * before a library another test file has already loaded (zod-jitless: zod must read its config
 * on first import). They run in the "web-isolated" project (vitest.isolated.config.ts).
 */
export const ISOLATED = ["src/lib/zod-jitless.test.ts"];

export const base = {
  plugins: [contentPlugin(), cataloguePlugin(), react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
};

export default defineConfig({
  ...base,
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: ISOLATED,
    setupFiles: ["./src/test/setup.ts", "./src/test/setup-catalogue.ts"],
    // The test files of a worker share one module graph instead of importing React, Testing
    // Library and the app again for every file (the setup after each test unmounts what it
    // rendered and clears the storage). On the 2-core machine: 486 s → 82 s for the project at
    // a load of about 12, the same 500 tests passing.
    isolate: false,
    // With every project running at once on 2 cores, a test that renders a chat and waits for its
    // fake server can pass 5 s (findBy/waitFor wait up to 8 s: src/test/setup.ts).
    testTimeout: 15_000,
  },
});
