import { agentShowcase } from "virtual:nexus/agent-showcase";
import { faqTeaser } from "virtual:nexus/faq-teaser";
import { PRESET_AGENT_COUNT } from "@nexus/contracts";
import {
  ArrowRight,
  Bot,
  Code,
  GraduationCap,
  Languages,
  type LucideIcon,
  MessageSquareQuote,
  PenLine,
  Search,
  ServerCog,
  Sparkles,
} from "lucide-react";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";

const STEPS: ReadonlyArray<{ icon: LucideIcon; id: "ask" | "search" | "answer" | "server" }> = [
  { icon: Search, id: "ask" },
  { icon: Sparkles, id: "search" },
  { icon: MessageSquareQuote, id: "answer" },
  { icon: ServerCog, id: "server" },
];

/** Each showcased agent's icon (build/content-plugin.ts picks the agents, in this order). */
const SHOWCASE_ICONS: Readonly<Record<string, LucideIcon>> = {
  writer: PenLine,
  studybuddy: GraduationCap,
  "code-buddy": Code,
  translator: Languages,
};

/** The showcased agents: their names and lines come from the catalogue in contracts. */
const AGENTS: ReadonlyArray<{ icon: LucideIcon; name: string; text: string }> = agentShowcase.map(
  ({ id, name, description }) => ({ icon: SHOWCASE_ICONS[id] ?? Bot, name, text: description }),
);

const SHOWCASE_NAMES = ["ELI5", "Email Response", "Humanizer", "Systems Thinking", "URL Q&A"];

/** How an answer is made, in four steps. */
export function HowItWorksSection() {
  const t = useT();
  return (
    <section aria-labelledby="how-heading" className="border-y border-border bg-surface-2/50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-heading" className="text-3xl font-semibold tracking-tight">
            {t("landing.how.title")}
          </h2>
          <p className="mt-3 text-muted">{t("landing.how.intro")}</p>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, id }, index) => (
            <li key={id} className="relative flex flex-col gap-3">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-fg">
                  {index + 1}
                </span>
                <Icon className="size-5 text-accent" aria-hidden="true" />
              </div>
              <h3 className="font-semibold">{t(`landing.how.${id}.title`)}</h3>
              <p className="text-sm text-muted">{t(`landing.how.${id}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The preset agents: ready to chat with a model; the ones that search or read work offline too. */
export function AgentsShowcase({ onNavigate }: { onNavigate?: NavigateFn }) {
  const t = useT();
  return (
    <section aria-labelledby="agents-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-fg">
            <Bot className="size-3.5" aria-hidden="true" />
            {t("landing.agents.eyebrow")}
          </p>
          <h2 id="agents-heading" className="mt-4 text-3xl font-semibold tracking-tight">
            {t("landing.agents.title", { count: PRESET_AGENT_COUNT })}
          </h2>
          <p className="mt-3 text-muted">{t("landing.agents.text")}</p>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label={t("landing.agents.more")}>
            {SHOWCASE_NAMES.map((name) => (
              <li
                key={name}
                className="rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted"
              >
                {name}
              </li>
            ))}
          </ul>
          <NavAnchor
            href={paths.app.agents.href()}
            onNavigate={onNavigate}
            className="mt-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {t("landing.agents.open")}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </NavAnchor>
        </div>
        {/* The preset agents' names and lines are in English (their catalogue). */}
        <ul lang="en" dir="auto" className="grid gap-3 sm:grid-cols-2">
          {AGENTS.map(({ icon: Icon, name, text }) => (
            <li key={name} className="rounded-2xl border border-border bg-surface p-5 shadow-xs">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{name}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The first questions of content/faq.md, each linking to its answer on /faq. */
export function FaqTeaser({ onNavigate }: { onNavigate?: NavigateFn }) {
  const t = useT();
  return (
    <section aria-labelledby="faq-teaser-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <h2 id="faq-teaser-heading" className="text-3xl font-semibold tracking-tight">
            {t("landing.faq.title")}
          </h2>
          <p className="mt-3 text-muted">{t("landing.faq.intro")}</p>
        </div>
        <NavAnchor
          href={paths.faq.href()}
          onNavigate={onNavigate}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t("landing.faq.all")}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </NavAnchor>
      </div>
      {/* content/faq.md is in English. */}
      <ul lang="en" dir="auto" className="mt-8 grid gap-4 md:grid-cols-2" data-testid="faq-teaser">
        {faqTeaser.map((item) => (
          <li key={item.id}>
            <NavAnchor
              href={`${paths.faq.href()}#${item.id}`}
              onNavigate={onNavigate}
              className="group flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-5 shadow-xs transition-colors hover:border-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="font-semibold group-hover:text-accent">{item.question}</span>
              <span className="text-sm text-muted">{item.answer}</span>
            </NavAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}
