import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { ExampleQuestions } from "@/features/answer/components/example-questions.tsx";
import { HomeSearch } from "@/features/answer/components/home-search.tsx";
import { HomeSuggestions } from "@/features/discover/components/home-suggestions.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";
import { ComposerHintsProvider } from "./composer-hints.tsx";

/** /app: the home screen, a question box front and centre. */
export function HomeRoute() {
  const { user } = useSession();
  const firstName = user?.name.split(" ")[0];
  return (
    <HomeFrame firstName={firstName}>
      <title>Nexus</title>
      <ComposerAttachProvider>
        <ComposerHintsProvider>
          <HomeSearch
            suggestions={(ask) => (
              <HomeSuggestions onAsk={ask} offline={<ExampleQuestions onAsk={ask} />} />
            )}
          />
        </ComposerHintsProvider>
      </ComposerAttachProvider>
    </HomeFrame>
  );
}

/** The home screen's greeting above `children` (also the server's first view of /app). */
export function HomeFrame({ firstName, children }: { firstName?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto flex min-h-[70vh] w-full max-w-2xl flex-col items-center justify-center px-4 py-12 sm:px-6">
      <h1 className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {firstName ? t("home.greetingNamed", { name: firstName }) : t("home.greeting")}
      </h1>
      <p className="mt-3 mb-8 text-center text-muted">{t("home.tagline")}</p>
      {children}
    </div>
  );
}

/**
 * The question box, its chips and the suggestions as placeholders of their size (the server's
 * first view of /app): the greeting is drawn where it stays when the app takes over.
 */
export function HomeSearchSkeleton() {
  return (
    <div className="flex w-full flex-col gap-8" aria-hidden="true">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-[5.625rem] w-full rounded-2xl" />
        <div className="flex gap-2 px-1">
          <Skeleton className="h-8 w-24 rounded-full" />
          <Skeleton className="h-8 w-32 rounded-full" />
        </div>
      </div>
      <div className="w-full">
        <Skeleton className="h-5 w-20" />
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {["a", "b", "c", "d"].map((key) => (
            <Skeleton key={key} className="h-[2.625rem] rounded-xl" />
          ))}
        </div>
      </div>
    </div>
  );
}
