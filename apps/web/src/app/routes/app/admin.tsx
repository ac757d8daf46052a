import { ADMIN_SECTIONS, type AdminSection } from "@nexus/contracts";
import { useParams } from "react-router";
import { NotFound } from "@/components/errors/not-found.tsx";
import { Page } from "@/components/ui/page.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { AdminScreen } from "@/features/admin/components/admin-screen.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";

function isSection(value: string | undefined): value is AdminSection {
  return ADMIN_SECTIONS.some((s) => s === value);
}

/** /app/admin[/:section]: super-admins only; everyone else sees the not-found page. */
export function AdminRoute() {
  const t = useT();
  const session = useSession();
  const { section = "leads" } = useParams();
  if (session.status === "loading") return <PageSpinner />;
  if (!session.isSuperAdmin || !isSection(section)) {
    return <NotFound homeHref={paths.app.root.href()} homeLabel={t("pages.notFound.app")} />;
  }
  return (
    <Page title={t("admin.title")} description={t("admin.description")} width="wide">
      <AdminScreen section={section} />
    </Page>
  );
}
