import { type Db, schema } from "@nexus/db";
import { asc } from "drizzle-orm";

const { knowledgeDocuments } = schema;

export interface GuideRow {
  path: string;
  title: string;
  summary: string;
  tags: string[];
  url: string;
  indexedAt: Date;
}

/**
 * Every document of the built-in knowledge base (help, FAQ, blog posts), as the knowledge indexer
 * stored it: wherever its markdown lives, the table is the one source.
 */
export async function listGuides(db: Db): Promise<GuideRow[]> {
  return db
    .select({
      path: knowledgeDocuments.path,
      title: knowledgeDocuments.title,
      summary: knowledgeDocuments.summary,
      tags: knowledgeDocuments.tags,
      url: knowledgeDocuments.url,
      indexedAt: knowledgeDocuments.indexedAt,
    })
    .from(knowledgeDocuments)
    .orderBy(asc(knowledgeDocuments.title), asc(knowledgeDocuments.path));
}
