import { useLocale } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";

/**
 * A quoted passage between the interface language's quotation marks („…“, « … », «…», 「…」),
 * the quote isolated in its own direction (<bdi>): an English quote in the Arabic page keeps its
 * marks around it instead of at the wrong ends.
 */
export function Quoted({ text }: { text: string }) {
  useLocale();
  return <>{richT("chat.quoted", { text: <bdi>{text}</bdi> })}</>;
}
