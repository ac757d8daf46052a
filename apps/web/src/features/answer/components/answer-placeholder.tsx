import { Quote } from "lucide-react";
import { useNavigate } from "react-router";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { paths } from "@/config/paths.ts";

/** The answer page before the answer engine is released: the question and an honest notice. */
export function AnswerPlaceholder({ query }: { query: string | null }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <title>{`${query ?? "Search"} · Nexus`}</title>
      <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
        {query ?? "Search"}
      </h1>
      <ComingSoon
        icon={Quote}
        title="Answers are not available yet"
        description="This Nexus server does not answer questions yet. The answer engine arrives in the next release."
        upcoming={[
          "A written answer streamed as it is generated",
          "Numbered citations linking to the sources it read",
          "Web search or your own files, images, videos and follow-up questions",
        ]}
      />
      <SearchForm
        key={query}
        size="md"
        label="Ask a follow-up or a new question"
        placeholder="Ask a new question..."
        defaultValue=""
        onSubmit={(next) => navigate(paths.app.search.href(next))}
      />
    </div>
  );
}
