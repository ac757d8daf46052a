import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "@/components/errors/route-error.tsx";
import { AppShellSkeleton } from "@/components/layouts/app-shell-skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { needCatalogue } from "@/lib/i18n/i18n.ts";
import { PREFIXED_LOCALES } from "@/lib/i18n/locale-paths.ts";
import { lazyPage } from "./lazy-route.tsx";
import { Root } from "./routes/root.tsx";

// Every screen is its own chunk, loaded on first visit (spinner meanwhile, 120 s time limit).
const Landing = lazyPage(() => import("./routes/landing.tsx").then((m) => m.LandingRoute));
const PublicLayout = lazyPage(() =>
  import("./routes/public-layout.tsx").then((m) => m.PublicLayout),
);
const BookDemo = lazyPage(() => import("./routes/book-demo.tsx").then((m) => m.BookDemoRoute));
const Share = lazyPage(() =>
  Promise.all([import("./routes/share.tsx"), needCatalogue("research")]).then(
    ([m]) => m.ShareRoute,
  ),
);
const Faq = lazyPage(() => import("./routes/faq.tsx").then((m) => m.FaqRoute));
const Blog = lazyPage(() => import("./routes/blog.tsx").then((m) => m.BlogRoute));
const BlogArticle = lazyPage(() =>
  import("./routes/blog-article.tsx").then((m) => m.BlogArticleRoute),
);
const PublicNotFound = lazyPage(() =>
  import("./routes/not-found.tsx").then((m) => m.PublicNotFoundRoute),
);

const AppLayout = lazyPage(
  () => import("./routes/app/layout.tsx").then((m) => m.AppLayoutRoute),
  <AppShellSkeleton />,
);
const Home = lazyPage(() => import("./routes/app/home.tsx").then((m) => m.HomeRoute));
const Answer = lazyPage(() => import("./routes/app/answer.tsx").then((m) => m.AnswerRoute));
const Discover = lazyPage(() => import("./routes/app/discover.tsx").then((m) => m.DiscoverRoute));
const Settings = lazyPage(() => import("./routes/app/settings.tsx").then((m) => m.SettingsRoute));
// The agents hub's messages (its specialists' cards too) are a part of their own, loaded with it
// and with a preset agent's chat (its link back to the hub).
const Agents = lazyPage(() =>
  Promise.all([import("./routes/app/agents.tsx"), needCatalogue("agents")]).then(
    ([m]) => m.AgentsRoute,
  ),
);
const PresetAgent = lazyPage(() =>
  Promise.all([import("./routes/app/preset-agent.tsx"), needCatalogue("agents")]).then(
    ([m]) => m.PresetAgentRoute,
  ),
);
// Custom agents' messages are a catalogue part of their own (catalogue-parts.ts), loaded with them.
const customAgentsRoute = () =>
  Promise.all([import("./routes/app/custom-agents.tsx"), needCatalogue("customAgents")]).then(
    ([m]) => m,
  );
const CustomAgents = lazyPage(() => customAgentsRoute().then((m) => m.CustomAgentsRoute));
const CustomAgentChat = lazyPage(() =>
  Promise.all([import("./routes/app/custom-agent-chat.tsx"), needCatalogue("customAgents")]).then(
    ([m]) => m.CustomAgentChatRoute,
  ),
);
const CustomAgentShare = lazyPage(() => customAgentsRoute().then((m) => m.CustomAgentShareRoute));
// Deep research's messages are a catalogue part of their own too, loaded with its screens (and
// with the share page, which shows a shared report).
const DeepResearch = lazyPage(() =>
  Promise.all([import("./routes/app/deep-research.tsx"), needCatalogue("research")]).then(
    ([m]) => m.DeepResearchRoute,
  ),
);
const DeepResearchResults = lazyPage(() =>
  Promise.all([import("./routes/app/deep-research-results.tsx"), needCatalogue("research")]).then(
    ([m]) => m.DeepResearchResultsRoute,
  ),
);
// Structured extraction's messages too: a part of their own, loaded with its screen.
const Extraction = lazyPage(() =>
  Promise.all([import("./routes/app/extraction.tsx"), needCatalogue("extraction")]).then(
    ([m]) => m.ExtractionRoute,
  ),
);
const Usage = lazyPage(() => import("./routes/app/usage.tsx").then((m) => m.UsageRoute));
const Files = lazyPage(() => import("./routes/app/files.tsx").then((m) => m.FilesRoute));
const Library = lazyPage(() => import("./routes/app/library.tsx").then((m) => m.LibraryRoute));
const History = lazyPage(() => import("./routes/app/history.tsx").then((m) => m.HistoryRoute));
const SubscriptionPlans = lazyPage(() =>
  import("./routes/app/subscription-plans.tsx").then((m) => m.SubscriptionPlansRoute),
);
// The document viewer's and chat's messages are a catalogue part of their own, loaded with them.
// One element for a document's and a PDF's chat: a new chat moves on to its thread's address (a
// PDF's to /app/pdf-chat) without drawing the screen again or downloading another chunk.
const DocumentChat = lazyPage(() =>
  Promise.all([import("./routes/app/document-chat.tsx"), needCatalogue("documents")]).then(
    ([m]) => m.DocumentChatRoute,
  ),
);
// NexDocs' messages are a catalogue part of their own, loaded with its screens.
const NexDocs = lazyPage(() =>
  Promise.all([import("./routes/app/nexdocs.tsx"), needCatalogue("nexdocs")]).then(
    ([m]) => m.NexDocsRoute,
  ),
);
const NexDocsList = lazyPage(() =>
  Promise.all([import("./routes/app/nexdocs-list.tsx"), needCatalogue("nexdocs")]).then(
    ([m]) => m.NexDocsListRoute,
  ),
);
// The admin area's messages too (catalogue-parts.ts; the sidebar's link stays in the app's part).
const Admin = lazyPage(() =>
  Promise.all([import("./routes/app/admin.tsx"), needCatalogue("admin")]).then(
    ([m]) => m.AdminRoute,
  ),
);
const AppNotFound = lazyPage(() =>
  import("./routes/app/not-found.tsx").then((m) => m.AppNotFoundRoute),
);

const app = paths.app;

/** The public pages kept in every language (relative: under / and under /de, /fr …). */
function publicPages(): RouteObject[] {
  const relative = (path: string) => path.slice(1);
  return [
    { path: relative(paths.bookDemo.path), element: BookDemo },
    { path: relative(paths.contact.path), element: BookDemo },
    { path: relative(paths.faq.path), element: Faq },
    { path: relative(paths.blog.path), element: Blog },
    { path: relative(paths.blogArticle.path), element: BlogArticle },
  ];
}

/** The spec's route table (§2). */
export function appRoutes(signInToken: string | null): RouteObject[] {
  return [
    {
      id: "root",
      element: <Root initialSignInToken={signInToken} />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: Landing },
        {
          element: PublicLayout,
          children: [
            ...publicPages(),
            { path: paths.share.path, element: Share },
            { path: "*", element: PublicNotFound },
          ],
        },
        // The same public pages in each other language, under its code (lib/i18n/locale-paths.ts).
        ...PREFIXED_LOCALES.map(
          (locale): RouteObject => ({
            path: `/${locale}`,
            children: [
              { index: true, element: Landing },
              {
                element: PublicLayout,
                children: [...publicPages(), { path: "*", element: PublicNotFound }],
              },
            ],
          }),
        ),
        {
          path: app.root.path,
          element: AppLayout,
          children: [
            {
              // Errors in a screen show inside the shell, which keeps its navigation.
              errorElement: <RouteError homeHref={app.root.href()} />,
              children: [
                { index: true, element: Home },
                { path: app.search.path, element: Answer },
                { path: app.searchResult.path, element: Answer },
                { path: app.answer.path, element: Answer },
                { path: app.discover.path, element: Discover },
                { path: app.settings.path, element: Settings },
                { path: app.agents.path, element: Agents },
                { path: app.usage.path, element: Usage },
                { path: app.files.path, element: Files },
                { path: app.library.path, element: Library },
                { path: app.history.path, element: History },
                { path: app.subscriptionPlans.path, element: SubscriptionPlans },
                { path: app.customAgents.path, element: CustomAgents },
                { path: app.customAgentChat.path, element: CustomAgentChat },
                { path: app.customAgentThread.path, element: CustomAgentChat },
                { path: app.customAgentShare.path, element: CustomAgentShare },
                { path: app.deepResearch.path, element: DeepResearch },
                { path: app.deepResearchResults.path, element: DeepResearchResults },
                { path: app.deepResearchThread.path, element: DeepResearch },
                { path: app.extraction.path, element: Extraction },
                { path: app.extractionThread.path, element: Extraction },
                { path: app.pdfChat.path, element: DocumentChat },
                { path: app.documentChat.path, element: DocumentChat },
                { path: app.documentChatThread.path, element: DocumentChat },
                { path: app.nexdocsList.path, element: NexDocsList },
                { path: app.nexdocs.path, element: NexDocs },
                { path: app.nexdocsThread.path, element: NexDocs },
                { path: app.presetAgent.path, element: PresetAgent },
                { path: app.presetAgentThread.path, element: PresetAgent },
                { path: app.admin.path, element: Admin },
                { path: app.adminSection.path, element: Admin },
                { path: "*", element: AppNotFound },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(signInToken: string | null) {
  return createBrowserRouter(appRoutes(signInToken));
}
