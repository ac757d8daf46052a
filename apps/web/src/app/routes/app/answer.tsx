import { AnswerPage } from "@/features/answer/components/answer-page.tsx";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";

/** /app/search, /app/search/:queryAndId and /app/answer. */
export function AnswerRoute() {
  const { openSignIn } = useSignInDialog();
  return <AnswerPage onSignIn={openSignIn} />;
}
