/** A heading of an article's table of contents. */
export interface TocHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** An article's body, pre-rendered at build time (safe HTML) with its table of contents. */
export interface ArticleBody {
  html: string;
  headings: TocHeading[];
}
