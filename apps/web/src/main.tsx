import "./lib/zod-jitless.ts";
import "./index.css";
import type { DocumentInfo } from "@nexus/contracts";
import { type ReactNode, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { ChunkErrorView } from "@/components/errors/chunk-error-view.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { pdfWorker, stopUnusedPdfWorker } from "@/features/documents/lib/pdf-worker.ts";
import { isChunkLoadError, loadChunk } from "@/lib/chunk-loading.ts";
import { startDailyCleanup } from "@/lib/daily-cleanup.ts";
import { activateLocale, needCatalogue, pageLocale } from "@/lib/i18n/i18n.ts";
import { localeOfPath, stripLocale } from "@/lib/i18n/locale-paths.ts";
import { consumeSignInTokenFromUrl } from "@/lib/sign-in-link.ts";
import { browserStorage } from "@/lib/storage.ts";

const storage = browserStorage();
if (storage) startDailyCleanup(storage);

// Read and strip a sign-in link's token before anything else sees the URL.
const signInToken = consumeSignInTokenFromUrl();

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
// Public pages arrive prerendered (apps/web/build/prerender.ts): the same tree hydrates them, so
// their content stays on screen while the code loads. A sign-in link renders over them instead.
const hydrate = container.hasAttribute("data-prerendered") && signInToken === null;
// An /app page whose main content the server drew (apps/server/src/static.ts): see earlyData.
const firstView = container.hasAttribute("data-first-view") && signInToken === null;
/** How long the first view waits for the screen's first data before the app draws it anyway. */
const FIRST_VIEW_WAIT_MS = 2_000;
let root: Root | null = null;
const ownRoot = () => {
  root ??= createRoot(container);
  return root;
};
// The interface language: a public page's own (/de/…), else this browser's choice, else its
// preference, else English (the account's choice follows GET /api/me, lib/session.tsx). Another
// language's catalogue is fetched before the first render; a prerendered page hydrates in its own
// language (English at today's paths, German under /de/ …) and an English one switches after.
// The landing page reads the catalogue's public part only (lib/i18n/catalogue-parts.ts); any other
// page the app's part too, fetched beside the app's code.
const pathname = window.location.pathname;
const landing = signInToken === null && stripLocale(pathname) === "/";
const startLocale = pageLocale(pathname);
const appStrings = landing ? Promise.resolve() : needCatalogue("app").catch(() => undefined);
const localeReady =
  hydrate && localeOfPath(pathname) === null
    ? appStrings
    : Promise.all([appStrings, activateLocale(startLocale).catch(() => undefined)]);
let shown = false;
const show = (tree: ReactNode) => {
  shown = true;
  if (hydrate && root === null) {
    root = hydrateRoot(container, tree);
    if (startLocale !== "en") void activateLocale(startLocale).catch(() => undefined);
  }
  // A transition: React renders the app in short slices, so the page answers input meanwhile.
  else startTransition(() => ownRoot().render(tree));
};

function showLoadFailure(error: unknown) {
  shown = true;
  const timedOut = isChunkLoadError(error) && error.timedOut;
  ownRoot().render(<ChunkErrorView timedOut={timedOut} onRetry={() => window.location.reload()} />);
}

if (landing) {
  // First visit to the landing page: no router, no data layer (keeps it light).
  Promise.all([loadChunk(() => import("./app/landing-standalone.tsx")), localeReady]).then(
    ([{ LandingStandalone }]) => {
      show(
        <StrictMode>
          <LandingStandalone />
        </StrictMode>,
      );
    },
    showLoadFailure,
  );
} else {
  const inApp = /^\/app(\/|$)/.test(window.location.pathname);
  // Fetch the app shell, who is signed in and the screen's data alongside the router instead of
  // after it.
  if (inApp) import("./app/routes/app/layout.tsx").catch(() => undefined);
  // A PDF's page: pdf.js's worker (its own thread) starts now, while the app's code loads.
  const pdfChat = signInToken === null && /^\/app\/pdf-chat\//.test(window.location.pathname);
  if (pdfChat) pdfWorker();
  const ignore = () => undefined;
  // The viewer's code; a failure is the screen's to show (it asks again).
  const preloadPdfViewer = () =>
    void import("@/features/documents/components/pdf-viewer-loader.tsx")
      .then(({ preloadPdfViewer }) => preloadPdfViewer())
      .catch(ignore);
  // The screen's first data: settled once its early requests have their answers. Meanwhile the
  // server's first view of the screen (its main content, data-first-view) stays up, so the screen
  // replaces it with its content rather than with its loading state; at most FIRST_VIEW_WAIT_MS.
  let earlyDataSettled: () => void = () => undefined;
  const earlyData = new Promise<void>((resolve) => {
    earlyDataSettled = resolve;
  });
  if (inApp && signInToken === null)
    import("./lib/early-requests.ts").then(
      ({ earlySettled, fetchEarly, peekEarly, screenRequests }) => {
        const signedIn = fetchEarly(window.location.pathname, window.location.search);
        void signedIn.then(earlySettled).then(earlyDataSettled);
        const documentPath = screenRequests(window.location.pathname).find((path) =>
          /^\/documents\/[^/]+$/.test(path),
        );
        void signedIn.then((yes) => {
          // No one signed in: the worker started for a PDF stops (they are asked to sign in).
          if (!yes) return stopUnusedPdfWorker();
          // A PDF's viewer starts loading beside the screen's code (its worker started above).
          if (pdfChat) return preloadPdfViewer();
          // A document's address (a cited file's link): once its info says PDF, the same.
          peekEarly<DocumentInfo>(documentPath ?? "")?.then((info) => {
            if (info.viewer !== "pdf") return;
            pdfWorker();
            preloadPdfViewer();
          }, ignore);
        });
      },
      earlyDataSettled,
    );
  // While a sign-in link completes the app shows nothing (spec §2): not even the loading frame
  // the server put in an /app page.
  if (signInToken !== null) {
    if (inApp) container.replaceChildren();
  } else if (!hydrate && container.firstElementChild === null) {
    // (An /app page from the server has its loading frame already: this one is without our server,
    // `vite preview`, so the frame's code is fetched, not part of the entry every first page loads.)
    if (!inApp) ownRoot().render(<PageSpinner />);
    else
      import("@/components/layouts/app-shell-skeleton.tsx").then(({ AppShellSkeleton }) => {
        if (!shown) ownRoot().render(<AppShellSkeleton />);
      }, ignore);
  }
  loadChunk(async () => {
    const [app] = await Promise.all([import("./app/app.tsx"), localeReady]);
    // A prerendered page hydrates with its code ready. An /app page renders once its screen's code
    // is here (the server's loading frame shows meanwhile): a screen that suspended instead would
    // be revealed no sooner than React's 300 ms throttle after its fallback. A failed download is
    // left to the screen's own boundary (its retry view).
    if (hydrate) await app.preloadRoute(window.location.pathname);
    else if (inApp) await app.preloadRoute(window.location.pathname).catch(() => undefined);
    if (firstView)
      await Promise.race([earlyData, new Promise((r) => setTimeout(r, FIRST_VIEW_WAIT_MS))]);
    return app;
  }).then(({ App }) => {
    show(
      <StrictMode>
        <App signInToken={signInToken} />
      </StrictMode>,
    );
  }, showLoadFailure);
}
