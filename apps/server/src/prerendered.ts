import { escapeXml } from "./modules/blog/blog.feed.ts";

/**
 * What the web build's prerender hands the server (apps/web/build/prerender.ts): its manifest, and
 * the two files search engines read from it (the sitemap and robots.txt). static.ts serves them.
 */

/** dist/prerendered/manifest.json, written by apps/web/build/prerender.ts. */
export interface PrerenderManifest {
  /** Placeholder origin in the pages' canonical links, replaced by APP_URL. */
  origin: string;
  /** Each public page in each language: English at today's paths, others under /de/, /fr/ … */
  pages: Array<{ url: string; file: string; sitemap: boolean; lastmod?: string; locale?: string }>;
  /** File of the not-found page (English). */
  notFound: string;
  /** The not-found page's file in each language (by code). */
  notFounds?: Record<string, string>;
  /** Known blog slugs: any other /blog/:slug is a 404. */
  blogSlugs: string[];
  /** The app's screens (router patterns, most specific first) and the scripts each needs at once. */
  appPreloads?: Array<{ pattern: string; files: string[] }>;
  /** The markup put in #root of every /app page (the app's loading frame). */
  appShell?: string;
  /**
   * Screens' first views (apps/web/src/app/first-views.tsx): #root's markup with the screen's main
   * content, its fields as `%%nexus:<field>%%` markers (first-view-template.ts), most specific
   * first, in each language (`locale`, drawn in direction `dir`).
   */
  appFirstViews?: Array<{
    pattern: string;
    fields: string[];
    html: string;
    locale?: string;
    dir?: "ltr" | "rtl";
  }>;
}

export function sitemapXml(manifest: PrerenderManifest, appUrl: string): string {
  const urls = manifest.pages
    .filter((page) => page.sitemap)
    .map((page) => {
      const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : "";
      return `  <url><loc>${escapeXml(`${appUrl}${page.url}`)}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}

export function robotsTxt(appUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /app
Disallow: /api
Disallow: /share

Sitemap: ${appUrl}/sitemap.xml
`;
}
