import type { ComponentType, ReactNode } from "react";
import { LazyBoundary } from "@/components/errors/lazy-boundary.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";

/**
 * A route element for a lazily loaded screen: the "Loading..." spinner (or another fallback) while
 * its code downloads, a retry view if that fails or takes over 120 s.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageSpinner />,
): ReactNode {
  const Page = lazyComponent(load);
  return (
    <LazyBoundary fallback={fallback}>
      <Page />
    </LazyBoundary>
  );
}
