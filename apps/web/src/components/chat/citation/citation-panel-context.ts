import { createContext, useContext } from "react";
import type { FilePassage } from "./resolve-citation.ts";

/** What a file citation asks of the screen it is on: show this passage beside the reading. */
export interface CitationPanelRequest {
  passage: FilePassage;
  /** The chip that asked: the focus goes back to it when the panel closes. */
  returnFocus: HTMLElement;
  /** Called just before the focus goes back to the chip (it must not open the chip's card). */
  beforeFocusReturn?: () => void;
}

/**
 * The screen's document viewer beside the reading (filled by the app layer, which loads the viewer
 * only when a citation asks for it). Null where there is none (a share page, a test): a file
 * citation then follows its link.
 */
export const CitationPanelContext = createContext<((request: CitationPanelRequest) => void) | null>(
  null,
);

export function useCitationPanel(): ((request: CitationPanelRequest) => void) | null {
  return useContext(CitationPanelContext);
}
