import { useNavigate } from "react-router";
import { LandingPage } from "@/features/marketing/components/landing-page.tsx";

/** The landing page reached from inside the app (client-side navigation). */
export function LandingRoute() {
  const navigate = useNavigate();
  return <LandingPage onNavigate={(href) => navigate(href)} />;
}
