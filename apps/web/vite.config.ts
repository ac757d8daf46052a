import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { cataloguePlugin } from "./build/catalogue-plugin.ts";
import { contentPlugin } from "./build/content-plugin.ts";
import { pdfjsAssets } from "./build/pdfjs-assets.ts";
import { precompress } from "./build/precompress.ts";
import { pyodideAssets } from "./build/pyodide-assets.ts";

export default defineConfig({
  // pyodideAssets after precompress: it compresses Pyodide's large files itself, once per version.
  plugins: [
    contentPlugin(),
    cataloguePlugin(),
    react(),
    tailwindcss(),
    precompress(),
    pyodideAssets(),
    pdfjsAssets(),
  ],
  // The Python scratchpad's worker is an ES module (it imports Pyodide's loader from /pyodide/).
  worker: { format: "es" },
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // Zod 3 is only reachable through the AI SDK's converter for Zod 3 schemas, which the
      // browser never has: a one-name stand-in (src/lib/zod-v3-stand-in.ts) instead of ~10 KB gzip.
      {
        find: /^zod\/v3$/,
        replacement: fileURLToPath(new URL("./src/lib/zod-v3-stand-in.ts", import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://127.0.0.1:3000" } },
  },
  preview: {
    proxy: { "/api": { target: "http://127.0.0.1:3000" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Fonts (KaTeX's) stay files: the CSP allows fonts from 'self' only, never data: URLs.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      // @nexus/contracts declares its zod schemas at module top level. Marking `z.*(...)` pure lets
      // the bundler drop schemas a chunk doesn't use, so constants (MESSAGES, STORAGE_KEYS,
      // TIER_LIMITS, ...) can be imported by the landing page without pulling zod into it.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // Stable vendor chunks (better caching, readable size reports); the rest splits by route.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: "radix",
              test: /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
            },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            // The question box and the parts it shares with the chat composer, in one chunk: the
            // landing page loads it, and a chunk more costs it a request and ~0.3 KB of gzip.
            {
              name: "search-form",
              test: /src[\\/]components[\\/]ui[\\/](search-form\.tsx|waiting-submit\.tsx|use-file-drop\.ts)$/,
            },
            // The public pages' header, footer, language menu and head tags, and the small
            // constants they and the landing page read, in one chunk: the landing page loads them
            // all, and six small chunks cost it ~1 KB of gzip more (bench/initial-js.ts).
            {
              name: "public-chrome",
              test: /(src[\\/]components[\\/](layouts[\\/](site-header|static-footer|language-switcher)|seo[\\/]page-meta)\.tsx|contracts[\\/]src[\\/](tiers|answer-constants)\.ts)$/,
            },
            // The landing page's icons in one chunk: one small chunk each cost it ~2 KB of gzip in
            // imports, exports and preload names (bench/initial-js.ts); a page of the app that draws
            // one of them loads the rest too (~3 KB).
            {
              name: "landing-icons",
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](book-open|bot|file-text|link-2|quote|telescope|code|graduation-cap|languages|message-square-quote|pen-line|sparkles|check|arrow-right|server-cog)\.mjs$/,
            },
            // The app's other shared icons in one chunk: one chunk per shared icon made an agent chat
            // load ~40 module scripts of under 1 KB each (bench/lighthouse.ts, issue 37). Not the
            // icons of the entry and the landing page's question box: they stay where they are, so the
            // landing page does not load the app's icons.
            {
              name: "icons",
              test: (id) =>
                /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) &&
                !/[\\/](search|arrow-up|server|refresh-cw|wifi-off)\.mjs$/.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
