import { type ReactNode, Suspense } from "react";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { ChunkErrorBoundary } from "./chunk-error-boundary.tsx";

/** While lazy code loads the fallback shows; a failed or timed-out download shows a retry view. */
export function LazyBoundary({
  children,
  fallback = <PageSpinner />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
