import { ArrowLeft, Newspaper } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { paths } from "@/config/paths.ts";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";

/** /blog/:slug */
export function BlogArticleRoute() {
  return (
    <PublicPage eyebrow="Blog" title="Article">
      <ComingSoon
        icon={Newspaper}
        title="This article is not available yet"
        description="Blog articles will be readable here once the blog is published."
      >
        <Link to={paths.blog.href()} className={buttonClasses({ variant: "outline" })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          All posts
        </Link>
      </ComingSoon>
    </PublicPage>
  );
}
