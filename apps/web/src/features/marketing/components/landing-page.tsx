import { LANDING_EXAMPLE_QUESTIONS, PRESET_AGENT_COUNT } from "@nexus/contracts";
import {
  ArrowRight,
  BookOpen,
  Bot,
  FileText,
  Link2,
  type LucideIcon,
  Quote,
  Server,
  Telescope,
} from "lucide-react";
import { SiteHeader } from "@/components/layouts/site-header.tsx";
import { StaticFooter } from "@/components/layouts/static-footer.tsx";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { buttonClasses } from "@/components/ui/button.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { paths } from "@/config/paths.ts";
import { AgentsShowcase, FaqTeaser, HowItWorksSection } from "./landing-sections.tsx";
import { PricingSection } from "./pricing-section.tsx";

const FEATURES: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Quote,
    title: "Answers with sources",
    text: "Every answer cites the pages it was written from, numbered, so you can check each claim.",
  },
  {
    icon: Telescope,
    title: "Deep research",
    text: "Give it a hard question: edit its plan, watch it search and read, and get a report whose every quote is checked against its source.",
  },
  {
    icon: FileText,
    title: "Chat with your documents",
    text: "Upload PDFs and documents, ask questions, and get answers that point to the page.",
  },
  {
    icon: Bot,
    title: "Agents for every task",
    text: `${PRESET_AGENT_COUNT} preset agents to chat with (writer, tutor, translator, code buddy), each with its own role.`,
  },
  {
    icon: BookOpen,
    title: "History and library",
    text: "Pick up any thread where you left it and bookmark the answers worth keeping.",
  },
  {
    icon: Link2,
    title: "Share by link",
    text: "Share a single answer or a whole conversation with a private, revocable link.",
  },
];

/** Questions the built-in guides answer well, even offline (checked by the offline evaluation). */
const EXAMPLES = LANDING_EXAMPLE_QUESTIONS;

/** The public landing page (`/`). Renders with or without the router (see NavAnchor). */
export function LandingPage({ onNavigate }: { onNavigate?: NavigateFn }) {
  const go = onNavigate ?? ((href: string) => window.location.assign(href));
  const search = (query: string) => go(paths.app.search.href(query));

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMeta
        title="Nexus: answers you can trust, on your own server"
        description="Nexus is a self-hostable AI answer and search assistant: cited answers from the web or your own files, agents, document chat, history and share links."
        path={paths.landing.href()}
      />
      <SiteHeader onNavigate={onNavigate} />
      <main id="main" className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-accent-soft opacity-70 blur-3xl"
          />
          <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted shadow-xs">
              <Server className="size-3.5 text-accent" aria-hidden="true" />
              Open source · runs on your own server
            </p>
            <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              Answers you can trust, from an assistant you host yourself
            </h1>
            <p className="mt-5 max-w-2xl text-base text-pretty text-muted sm:text-lg">
              Nexus searches the web, writes a clear answer with numbered citations, and keeps your
              history on infrastructure you control.
            </p>
            <SearchForm
              onSubmit={search}
              label="Ask Nexus anything"
              placeholder="Ask anything..."
              className="mt-9 text-left"
            />
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {EXAMPLES.map((example) => (
                <NavAnchor
                  key={example}
                  href={paths.app.search.href(example)}
                  onNavigate={onNavigate}
                  className="rounded-full border border-border bg-surface px-3 py-1.5 text-xs text-muted transition-colors hover:border-accent/50 hover:text-fg"
                >
                  {example}
                </NavAnchor>
              ))}
            </div>
          </div>
        </section>

        <section
          aria-labelledby="features-heading"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
        >
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-heading" className="text-3xl font-semibold tracking-tight">
              Everything a research assistant should do
            </h2>
            <p className="mt-3 text-muted">
              One place to search, read, ask and keep what you learn. Bring any OpenAI-compatible
              model and search provider, or start with the built-in offline engine.
            </p>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-xs">
                <div className="flex size-10 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-1.5 text-sm text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <HowItWorksSection />

        <AgentsShowcase onNavigate={onNavigate} />

        <PricingSection onNavigate={onNavigate} />

        <FaqTeaser onNavigate={onNavigate} />

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <div className="flex flex-col items-center gap-5 rounded-3xl bg-accent px-6 py-12 text-center text-accent-fg sm:px-12">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Ask your first question now
            </h2>
            <p className="max-w-xl opacity-90">
              No account needed to search. Sign in with your e-mail address when you want to keep
              your history, library and files.
            </p>
            <NavAnchor
              href={paths.app.root.href()}
              onNavigate={onNavigate}
              className={buttonClasses({
                size: "lg",
                variant: "outline",
                className: "border-transparent text-fg",
              })}
            >
              Open Nexus
              <ArrowRight className="size-4" aria-hidden="true" />
            </NavAnchor>
          </div>
        </section>
      </main>
      <StaticFooter onNavigate={onNavigate} />
    </div>
  );
}
