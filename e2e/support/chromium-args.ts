import { createRequire } from "node:module";

/**
 * What the E2E runs (and bench/initial-js.ts) start Debian's Chromium with.
 *
 * Each test opens a browser context, and a context of the full (new headless) Chromium costs the
 * browser process about 1.3 s of CPU on the 2-core machines: it preloads the omnibox popup's
 * WebUI (two renderer processes per window, never shown headless) and starts a spare renderer
 * that a new context's off-the-record profile cannot use. Both off: 0.69 s per context (20
 * contexts, alternating runs: 25.3 and 26.2 s of CPU with Playwright's defaults, 13.7 and 13.7 s
 * with both off). Nothing a page does changes. On two E2E spec files (app-shell, public-content,
 * 18 tests) the whole run's CPU went from 59.1 s to 52.8 s.
 *
 * Chromium reads only the last `--disable-features` switch, so this one repeats Playwright's own
 * list (playwright-core 1.65: chromiumSwitches) before ours; PLAYWRIGHT_VERSION is the version it
 * was read from, and a different installed version stops the run until the list is checked.
 */
const PLAYWRIGHT_VERSION = "1.65.1";

const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "OptimizationHints",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "TcpPortRandomizationWin",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

const OUR_DISABLED_FEATURES = [
  // The omnibox popup's WebUI, preloaded for every window.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  // The spare renderer kept warm for the next tab of the default profile.
  "SpareRendererForSitePerProcess",
];

export function chromiumArgs(): string[] {
  const installed = (
    createRequire(import.meta.url)("playwright-core/package.json") as {
      version: string;
    }
  ).version;
  if (installed !== PLAYWRIGHT_VERSION)
    throw new Error(
      `e2e/support/chromium-args.ts repeats playwright-core ${PLAYWRIGHT_VERSION}'s --disable-features list, ` +
        `and ${installed} is installed: compare chromiumSwitches in its lib/coreBundle.js, update the list and the version.`,
    );
  return [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(",")}`,
  ];
}
