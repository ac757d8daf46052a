import "./lib/zod-jitless.ts";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ChunkErrorView } from "@/components/errors/chunk-error-view.tsx";
import { AppShellSkeleton } from "@/components/layouts/app-shell-skeleton.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { isChunkLoadError, loadChunk } from "@/lib/chunk-loading.ts";
import { startDailyCleanup } from "@/lib/daily-cleanup.ts";
import { consumeSignInTokenFromUrl } from "@/lib/sign-in-link.ts";
import { browserStorage } from "@/lib/storage.ts";

const storage = browserStorage();
if (storage) startDailyCleanup(storage);

// Read and strip a sign-in link's token before anything else sees the URL.
const signInToken = consumeSignInTokenFromUrl();

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
const root = createRoot(container);

function showLoadFailure(error: unknown) {
  const timedOut = isChunkLoadError(error) && error.timedOut;
  root.render(<ChunkErrorView timedOut={timedOut} onRetry={() => window.location.reload()} />);
}

if (signInToken === null && window.location.pathname === "/") {
  // First visit to the landing page: no router, no data layer (keeps it light).
  loadChunk(() => import("./app/landing-standalone.tsx")).then(({ LandingStandalone }) => {
    root.render(
      <StrictMode>
        <LandingStandalone />
      </StrictMode>,
    );
  }, showLoadFailure);
} else {
  const inApp = /^\/app(\/|$)/.test(window.location.pathname);
  // Fetch the app shell alongside the router instead of after it.
  if (inApp) import("./app/routes/app/layout.tsx").catch(() => undefined);
  // While a sign-in link completes the app shows nothing (spec §2).
  if (signInToken === null) root.render(inApp ? <AppShellSkeleton /> : <PageSpinner />);
  loadChunk(() => import("./app/app.tsx")).then(({ App }) => {
    root.render(
      <StrictMode>
        <App signInToken={signInToken} />
      </StrictMode>,
    );
  }, showLoadFailure);
}
