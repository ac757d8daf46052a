import { useParams } from "react-router";
import { BlogArticle, findPost } from "@/features/marketing/components/blog-article.tsx";
import { PublicNotFoundRoute } from "./not-found.tsx";

/** /blog/:slug; an unknown slug is the not-found page. */
export function BlogArticleRoute() {
  const { slug } = useParams();
  const post = findPost(slug);
  if (!post) return <PublicNotFoundRoute />;
  // Keyed by slug: moving to another post starts from a fresh article state.
  return <BlogArticle key={post.slug} post={post} />;
}
