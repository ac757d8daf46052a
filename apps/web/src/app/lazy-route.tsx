import type { ComponentType, ReactNode } from "react";
import { LazyBoundary } from "@/components/errors/lazy-boundary.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";

/** The preload of each route element made by lazyPage. */
const preloads = new WeakMap<object, () => Promise<void>>();

/**
 * A route element for a lazily loaded screen: the "Loading..." spinner (or another fallback) while
 * its code downloads, a retry view if that fails or takes over 120 s.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageSpinner />,
): ReactNode {
  const Page = lazyComponent(load);
  const element = (
    <LazyBoundary fallback={fallback}>
      <Page />
    </LazyBoundary>
  );
  preloads.set(element, Page.preload);
  return element;
}

/** Downloads the code of route elements made by lazyPage (others are ignored). */
export async function preloadPages(elements: ReadonlyArray<ReactNode>): Promise<void> {
  await Promise.all(
    elements.map((element) =>
      typeof element === "object" && element !== null ? preloads.get(element)?.() : undefined,
    ),
  );
}
