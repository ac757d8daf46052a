import { LandingPage } from "@/features/marketing/components/landing-page.tsx";

/**
 * The landing page on a first visit to `/`, rendered without the router to keep its first load
 * small. Its links are ordinary page loads; inside the app the routed landing is used instead.
 */
export function LandingStandalone() {
  return <LandingPage />;
}
