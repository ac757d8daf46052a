import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/**
 * A chat's failed turn above its composer: the error's message and a retry that asks the same
 * question again (the thread's askAgain). Nothing when the turn did not fail.
 */
export function ThreadRetryNotice({
  error,
  onRetry,
  retryLabel,
  testId,
}: {
  /** The failed turn's error; null draws nothing. */
  error: Error | null;
  onRetry: () => void;
  retryLabel: string;
  testId: string;
}) {
  if (!error) return null;
  return (
    <div data-testid={testId}>
      <Alert
        kind="error"
        className="flex-wrap"
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      >
        {error.message}
      </Alert>
    </div>
  );
}
