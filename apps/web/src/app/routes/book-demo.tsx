import { paths } from "@/config/paths.ts";
import { BookDemoRequest } from "@/features/leads/components/book-demo-request.tsx";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";
import { useHydrated } from "@/lib/use-hydrated.ts";

/** /book-demo and /contact (same page, one canonical address): the lead form of spec §3. */
export function BookDemoRoute() {
  const hydrated = useHydrated();
  return (
    <PublicPage
      eyebrow="For organisations"
      title="Book a demo"
      intro="See how Nexus fits your team: self-hosting, model and search choices, and Pro accounts for heavy users. Tell us a little about you and we will get in touch."
      description="Book a demo of Nexus, the self-hostable answer engine: tell us about your organisation and how you want to deploy it."
      path={paths.bookDemo.href()}
    >
      {/* Disabled on the prerendered page until it hydrates: typing before would be lost. */}
      <fieldset disabled={!hydrated} className="min-w-0">
        <BookDemoRequest />
      </fieldset>
    </PublicPage>
  );
}
