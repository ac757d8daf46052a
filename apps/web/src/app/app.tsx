import { useState } from "react";
import { matchPath, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { paths } from "@/config/paths.ts";
import { stripLocale } from "@/lib/i18n/locale-paths.ts";
import { useThemePreference } from "@/lib/theme.ts";
import { preloadPages } from "./lazy-route.tsx";
import { appRoutes, createAppRouter } from "./router.tsx";

/** The routed application (every path but a plain first visit to the landing page). */
export function App({ signInToken }: { signInToken: string | null }) {
  const [router] = useState(() => createAppRouter(signInToken));
  return (
    <>
      <FollowDeviceTheme />
      <RouterProvider router={router} />
    </>
  );
}

/**
 * Keeps the theme store subscribed on every screen, so "System" follows the device's switch
 * between light and dark live. (The subscription was only held by the theme switch and settings,
 * which a phone's closed sidebar does not draw.) Draws nothing; its re-render touches no sibling.
 */
function FollowDeviceTheme() {
  useThemePreference();
  return null;
}

/**
 * Loads the code of the page at `pathname` (and a blog post's body) before a prerendered page is
 * hydrated, so hydration finds everything ready and adopts the server's markup as it is.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes(null), pathname) ?? [];
  const slug = matchPath(paths.blogArticle.path, stripLocale(pathname))?.params.slug;
  await Promise.all([
    preloadPages(matches.map((match) => match.route.element)),
    slug
      ? import("@/features/marketing/components/blog-article.tsx").then((m) =>
          m.preloadArticle(slug),
        )
      : undefined,
  ]);
}
