import { Newspaper } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";

export function BlogRoute() {
  return (
    <PublicPage title="Blog" intro="Product news, guides and notes from the team.">
      <ComingSoon
        icon={Newspaper}
        title="No posts yet"
        description="Articles will appear here once the blog is published."
      />
    </PublicPage>
  );
}
