import { Link, type LinkProps } from "react-router";
import { useLocale } from "@/lib/i18n/i18n.ts";
import { localizedHref } from "@/lib/i18n/locale-paths.ts";

/**
 * The router's Link to a public page in the interface's language (/faq → /de/faq on a German
 * page, lib/i18n/locale-paths.ts); any other address as it is.
 */
export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const locale = useLocale();
  return <Link to={localizedHref(to, locale)} {...props} />;
}
