import { Outlet, useNavigate } from "react-router";
import { SiteHeader } from "@/components/layouts/site-header.tsx";

/**
 * Public pages other than the landing page: header (with the language menu) and content, no footer
 * (spec §2).
 */
export function PublicLayout() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader onNavigate={(href) => navigate(href)} languages />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
