import { BlogList } from "@/features/marketing/components/blog-list.tsx";

export function BlogRoute() {
  return <BlogList />;
}
