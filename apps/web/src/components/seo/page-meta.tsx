/**
 * The origin prerendered pages carry in place of APP_URL; the server puts the configured APP_URL
 * there when it serves them (apps/server/src/static.ts).
 */
export const PRERENDER_ORIGIN = "https://app-url.nexus.invalid";

/** The site's origin: the placeholder while prerendering, the page's own origin in the browser. */
function siteOrigin(): string {
  return typeof window === "undefined" ? PRERENDER_ORIGIN : window.location.origin;
}

/**
 * Title, description, canonical link and Open Graph tags of a public page. React hoists them into
 * <head>; the prerendered HTML carries the same tags, which hydration adopts.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex = false,
}: {
  /** The full document title. */
  title: string;
  description?: string;
  /** The canonical path ("/faq"); omitted for pages that should not be indexed. */
  path?: string;
  noindex?: boolean;
}) {
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {path && !noindex ? <link rel="canonical" href={`${siteOrigin()}${path}`} /> : null}
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
    </>
  );
}
