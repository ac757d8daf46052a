import { useCallback, useEffect, useState } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { LazyBoundary } from "@/components/errors/lazy-boundary.tsx";
import { activateLocale, currentLocale, pageLocale } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { consumeSignInTokenFromUrl } from "@/lib/sign-in-link.ts";
import { AppProvider } from "../provider.tsx";

const EmailLinkCompletion = lazyComponent(() =>
  import("@/features/auth/components/email-link-completion.tsx").then(
    (module) => module.EmailLinkCompletion,
  ),
);

/**
 * The root of every route. While an e-mail link sign-in completes it renders nothing but the
 * completion (spec §2: "the app shows nothing"); then the routed screens.
 */
export function Root({ initialSignInToken }: { initialSignInToken: string | null }) {
  const [signInToken, setSignInToken] = useState(initialSignInToken);

  // A sign-in link pasted into an open tab only changes the hash.
  useEffect(() => {
    const onHashChange = () => {
      const token = consumeSignInTokenFromUrl();
      if (token !== null) setSignInToken(token);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  const finished = useCallback(() => setSignInToken(null), []);

  // A public page in a language of its own (/de/faq) shows that language; leaving it for a page
  // without one (/app, /faq) goes back to this browser's (or the account's) choice.
  const { pathname } = useLocation();
  useEffect(() => {
    const wanted = pageLocale(pathname);
    if (wanted !== currentLocale()) void activateLocale(wanted).catch(() => undefined);
  }, [pathname]);

  if (signInToken !== null) {
    return (
      <LazyBoundary fallback={null}>
        <EmailLinkCompletion token={signInToken} onFinished={finished} />
      </LazyBoundary>
    );
  }
  return (
    <AppProvider>
      <ScrollRestoration />
      <Outlet />
    </AppProvider>
  );
}
