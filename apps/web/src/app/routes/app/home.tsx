import { ExampleQuestions } from "@/features/answer/components/example-questions.tsx";
import { HomeSearch } from "@/features/answer/components/home-search.tsx";
import { HomeSuggestions } from "@/features/discover/components/home-suggestions.tsx";
import { useSession } from "@/lib/session.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";

/** /app: the home screen, a question box front and centre. */
export function HomeRoute() {
  const { user } = useSession();
  const firstName = user?.name.split(" ")[0];
  return (
    <div className="mx-auto flex min-h-[70vh] w-full max-w-2xl flex-col items-center justify-center px-4 py-12 sm:px-6">
      <title>Nexus</title>
      <h1 className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {firstName ? `What do you want to know, ${firstName}?` : "What do you want to know?"}
      </h1>
      <p className="mt-3 mb-8 text-center text-muted">
        Ask a question and get an answer with its sources.
      </p>
      <ComposerAttachProvider>
        <HomeSearch
          suggestions={(ask) => (
            <HomeSuggestions onAsk={ask} offline={<ExampleQuestions onAsk={ask} />} />
          )}
        />
      </ComposerAttachProvider>
    </div>
  );
}
