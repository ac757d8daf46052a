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
import { t, useT } from "@/lib/i18n/i18n.ts";
import { AgentsShowcase, FaqTeaser, HowItWorksSection } from "./landing-sections.tsx";
import { PricingSection } from "./pricing-section.tsx";

const FEATURES: ReadonlyArray<{ icon: LucideIcon; id: string }> = [
  { icon: Quote, id: "sources" },
  { icon: Telescope, id: "research" },
  { icon: FileText, id: "documents" },
  { icon: Bot, id: "agents" },
  { icon: BookOpen, id: "history" },
  { icon: Link2, id: "share" },
];

/** A feature's title and line (landing.feature.<id>.*). */
function featureText(id: string): { title: string; text: string } {
  const key = `landing.feature.${id}` as "landing.feature.sources";
  return {
    title: t(`${key}.title`),
    text: t(`${key}.text`, { count: PRESET_AGENT_COUNT }),
  };
}

/** Questions the built-in guides answer well, even offline (checked by the offline evaluation). */
const EXAMPLES = LANDING_EXAMPLE_QUESTIONS;

/** The public landing page (`/`). Renders with or without the router (see NavAnchor). */
export function LandingPage({ onNavigate }: { onNavigate?: NavigateFn }) {
  useT();
  const go = onNavigate ?? ((href: string) => window.location.assign(href));
  const search = (query: string) => go(paths.app.search.href(query));

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMeta
        title={t("landing.meta.title")}
        description={t("landing.meta.description")}
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
              {t("landing.badge")}
            </p>
            <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              {t("landing.title")}
            </h1>
            <p className="mt-5 max-w-2xl text-base text-pretty text-muted sm:text-lg">
              {t("landing.intro")}
            </p>
            <SearchForm
              onSubmit={search}
              label={t("landing.askLabel")}
              placeholder={t("common.askAnythingPlaceholder")}
              className="mt-9 text-left"
            />
            {/* The built-in guides are in English: so are their example questions. */}
            <div lang="en" dir="auto" className="mt-4 flex flex-wrap justify-center gap-2">
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
              {t("landing.features.title")}
            </h2>
            <p className="mt-3 text-muted">{t("landing.features.intro")}</p>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, id }) => (
              <li key={id} className="rounded-2xl border border-border bg-surface p-6 shadow-xs">
                <div className="flex size-10 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <h3 className="mt-4 font-semibold">{featureText(id).title}</h3>
                <p className="mt-1.5 text-sm text-muted">{featureText(id).text}</p>
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
              {t("landing.cta.title")}
            </h2>
            <p className="max-w-xl opacity-90">{t("landing.cta.text")}</p>
            <NavAnchor
              href={paths.app.root.href()}
              onNavigate={onNavigate}
              className={buttonClasses({
                size: "lg",
                variant: "outline",
                className: "border-transparent text-fg",
              })}
            >
              {t("marketing.openNexus")}
              <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </NavAnchor>
          </div>
        </section>
      </main>
      <StaticFooter onNavigate={onNavigate} languages />
    </div>
  );
}
