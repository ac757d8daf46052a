import type { AnswerSource, CitationCheck } from "@nexus/contracts";
import { createContext, type ReactNode, useContext } from "react";

const NO_SOURCES: readonly AnswerSource[] = [];

/** The numbered sources of the answer being rendered ([n] is sources[n - 1]). */
export const SourcesContext = createContext<readonly AnswerSource[]>(NO_SOURCES);

export function useSources(): readonly AnswerSource[] {
  return useContext(SourcesContext);
}

/** True inside a rendered link: nested content must not render another <a>. */
export const InsideLinkContext = createContext(false);

export function useInsideLink(): boolean {
  return useContext(InsideLinkContext);
}

/**
 * How a caller draws citation n instead of the source chip (document chat: each marker is its own
 * checked quote). Undefined: the source chip.
 */
export type RenderCitation = (n: number) => ReactNode;

export const RenderCitationContext = createContext<RenderCitation | undefined>(undefined);

export function useRenderCitation(): RenderCitation | undefined {
  return useContext(RenderCitationContext);
}

const NO_IMAGES: ReadonlySet<string> = new Set();

/**
 * The images the message being rendered carried from its sources (their image proxy paths, as
 * lib/image-proxy.ts spells them): the only images its text may show (G14).
 */
export const SourceImagesContext = createContext<ReadonlySet<string>>(NO_IMAGES);

export function useSourceImages(): ReadonlySet<string> {
  return useContext(SourceImagesContext);
}

/**
 * The checks of the rendered reply's citations (its data-citation-checks part), when it has them:
 * chip k of source n shows check k of n (verified, or not found in the source, with the passage).
 */
export const CitationChecksContext = createContext<readonly CitationCheck[] | undefined>(undefined);

export function useCitationChecks(): readonly CitationCheck[] | undefined {
  return useContext(CitationChecksContext);
}
