import { FaqPage } from "@/features/marketing/components/faq-page.tsx";

export function FaqRoute() {
  return <FaqPage />;
}
