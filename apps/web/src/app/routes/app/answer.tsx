import { useParams, useSearchParams } from "react-router";
import { AnswerPlaceholder } from "@/features/answer/components/answer-placeholder.tsx";

/** `search/:queryAndId` carries a readable slug before a trailing id (`what-is-rust-abc123`). */
function queryFromSlug(queryAndId: string): string {
  const words = queryAndId.split("-");
  if (words.length > 1) words.pop();
  return words.join(" ");
}

/** /app/search, /app/search/:queryAndId and /app/answer. */
export function AnswerRoute() {
  const [searchParams] = useSearchParams();
  const { queryAndId } = useParams();
  const query =
    searchParams.get("q")?.trim() || (queryAndId ? queryFromSlug(queryAndId) : "") || null;
  return <AnswerPlaceholder query={query} />;
}
