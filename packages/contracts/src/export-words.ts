import type { UiLanguage } from "./languages.ts";

/**
 * The words an export writes around a thread's own text, in each interface language (the
 * person's Settings → Language, else their browser's): the exported file reads in their
 * language, while the thread's questions and answers stay as they were written.
 */
export interface ExportWords {
  exportedFrom: string;
  sources: string;
  images: string;
  verified: string;
  unverified: string;
  /** "2 of 3 citations verified against the source". */
  someVerified: (verified: number, total: number) => string;
  page: (page: number) => string;
  /** A thread with no title and no question. */
  untitled: string;
  /** What a thread is, by its kind (the export's header line). */
  kinds: Readonly<Record<string, string>>;
  /** An extraction's table as a document (its source column, its cells' marks). */
  extraction: {
    source: string;
    /** A quote found nearly word for word. */
    nearly: string;
    /** A field its source does not answer. */
    notFound: string;
    edited: string;
    /** A source that could not be read. */
    failed: string;
  };
  /** Why a document's image is a link in a DOCX or PDF export instead of drawn in it. */
  imageNotes: {
    /** Past what one export's images may hold together (in megabytes). */
    overCap: (megabytes: number) => string;
    /** WebP: neither format draws it. */
    webp: string;
    /** A GIF the PDF could not draw (its first frame could not be decoded). */
    gifInPdf: string;
  };
}

export const EXPORT_WORDS: Readonly<Record<UiLanguage, ExportWords>> = {
  en: {
    exportedFrom: "Exported from Nexus",
    sources: "Sources",
    images: "Images",
    verified: "Verified against the source",
    unverified: "Not found in the source",
    someVerified: (verified, total) =>
      `${verified} of ${total} citations verified against the source`,
    page: (page) => `p. ${page}`,
    untitled: "Thread",
    kinds: {
      answer: "Answer",
      agent: "Agent",
      document: "Document chat",
      research: "Research",
      nexdocs: "NexDocs chat",
      extraction: "Extraction",
    },
    extraction: {
      source: "Source",
      nearly: "Found in the source nearly word for word",
      notFound: "Not answered by the source",
      edited: "Corrected by hand",
      failed: "Could not be read",
    },
    imageNotes: {
      overCap: (megabytes) => `not embedded: the export's images exceed ${megabytes} MB`,
      webp: "not embedded: WebP images are linked in DOCX and PDF exports",
      gifInPdf: "not embedded: this GIF image could not be converted for the PDF",
    },
  },
  de: {
    exportedFrom: "Aus Nexus exportiert",
    sources: "Quellen",
    images: "Bilder",
    verified: "Mit der Quelle abgeglichen",
    unverified: "In der Quelle nicht gefunden",
    someVerified: (verified, total) =>
      `${verified} von ${total} Belegen mit der Quelle abgeglichen`,
    page: (page) => `S. ${page}`,
    untitled: "Thread",
    kinds: {
      answer: "Antwort",
      agent: "Agent",
      document: "Dokument-Chat",
      research: "Recherche",
      nexdocs: "NexDocs-Chat",
      extraction: "Extraktion",
    },
    extraction: {
      source: "Quelle",
      nearly: "Fast wörtlich in der Quelle gefunden",
      notFound: "Von der Quelle nicht beantwortet",
      edited: "Von Hand korrigiert",
      failed: "Konnte nicht gelesen werden",
    },
    imageNotes: {
      overCap: (megabytes) =>
        `nicht eingebettet: die Bilder des Exports überschreiten ${megabytes} MB`,
      webp: "nicht eingebettet: WebP-Bilder werden in DOCX- und PDF-Exporten verlinkt",
      gifInPdf: "nicht eingebettet: dieses GIF-Bild ließ sich für das PDF nicht umwandeln",
    },
  },
  fr: {
    exportedFrom: "Exporté depuis Nexus",
    sources: "Sources",
    images: "Images",
    verified: "Vérifié dans la source",
    unverified: "Introuvable dans la source",
    someVerified: (verified, total) =>
      `${verified} citation${verified > 1 ? "s" : ""} sur ${total} vérifiée${verified > 1 ? "s" : ""} dans la source`,
    page: (page) => `p. ${page}`,
    untitled: "Fil",
    kinds: {
      answer: "Réponse",
      agent: "Agent",
      document: "Discussion sur un document",
      research: "Recherche approfondie",
      nexdocs: "Discussion NexDocs",
      extraction: "Extraction",
    },
    extraction: {
      source: "Source",
      nearly: "Trouvé dans la source presque mot pour mot",
      notFound: "La source ne répond pas",
      edited: "Corrigé à la main",
      failed: "Illisible",
    },
    imageNotes: {
      overCap: (megabytes) => `non intégrée : les images de l'export dépassent ${megabytes} Mo`,
      webp: "non intégrée : les images WebP sont en lien dans les exports DOCX et PDF",
      gifInPdf: "non intégrée : cette image GIF n'a pas pu être convertie pour le PDF",
    },
  },
  es: {
    exportedFrom: "Exportado desde Nexus",
    sources: "Fuentes",
    images: "Imágenes",
    verified: "Comprobado en la fuente",
    unverified: "No se encuentra en la fuente",
    someVerified: (verified, total) => `${verified} de ${total} citas comprobadas en la fuente`,
    page: (page) => `pág. ${page}`,
    untitled: "Conversación",
    kinds: {
      answer: "Respuesta",
      agent: "Agente",
      document: "Chat sobre un documento",
      research: "Investigación",
      nexdocs: "Chat de NexDocs",
      extraction: "Extracción",
    },
    extraction: {
      source: "Fuente",
      nearly: "Encontrado en la fuente casi palabra por palabra",
      notFound: "La fuente no lo responde",
      edited: "Corregido a mano",
      failed: "No se pudo leer",
    },
    imageNotes: {
      overCap: (megabytes) =>
        `no incrustada: las imágenes de la exportación superan ${megabytes} MB`,
      webp: "no incrustada: las imágenes WebP se enlazan en las exportaciones DOCX y PDF",
      gifInPdf: "no incrustada: esta imagen GIF no se pudo convertir para el PDF",
    },
  },
  ja: {
    exportedFrom: "Nexus からエクスポート",
    sources: "出典",
    images: "画像",
    verified: "出典で確認済み",
    unverified: "出典に見つかりません",
    someVerified: (verified, total) => `引用 ${total} 件中 ${verified} 件を出典で確認済み`,
    page: (page) => `${page} ページ`,
    untitled: "スレッド",
    kinds: {
      answer: "回答",
      agent: "エージェント",
      document: "ドキュメントチャット",
      research: "ディープリサーチ",
      nexdocs: "NexDocs チャット",
      extraction: "データ抽出",
    },
    extraction: {
      source: "出典",
      nearly: "出典でほぼ一字一句確認済み",
      notFound: "出典に記載なし",
      edited: "手動で修正済み",
      failed: "読み取れませんでした",
    },
    imageNotes: {
      overCap: (megabytes) => `埋め込みなし: エクスポートの画像が ${megabytes} MB を超えています`,
      webp: "埋め込みなし: WebP 画像は DOCX と PDF のエクスポートではリンクになります",
      gifInPdf: "埋め込みなし: この GIF 画像を PDF 用に変換できませんでした",
    },
  },
  ar: {
    exportedFrom: "صُدِّر من Nexus",
    sources: "المصادر",
    images: "الصور",
    verified: "تم التحقق منه في المصدر",
    unverified: "غير موجود في المصدر",
    someVerified: (verified, total) => `تم التحقق من ${verified} من ${total} استشهادات في المصدر`,
    page: (page) => `ص. ${page}`,
    untitled: "محادثة",
    kinds: {
      answer: "إجابة",
      agent: "وكيل",
      document: "محادثة حول مستند",
      research: "بحث معمّق",
      nexdocs: "محادثة NexDocs",
      extraction: "استخراج البيانات",
    },
    extraction: {
      source: "المصدر",
      nearly: "موجود في المصدر بصياغة شبه مطابقة",
      notFound: "لا يجيب المصدر عن هذا",
      edited: "صُحِّح يدويًا",
      failed: "تعذّرت قراءته",
    },
    imageNotes: {
      overCap: (megabytes) => `غير مضمَّنة: صور التصدير تتجاوز ${megabytes} ميغابايت`,
      webp: "غير مضمَّنة: صور WebP تبقى روابط في تصدير DOCX وPDF",
      gifInPdf: "غير مضمَّنة: تعذّر تحويل صورة GIF هذه لملف PDF",
    },
  },
};

/** A date as the export's header writes it, in its language ("4 December 2026", "2026年12月4日"). */
export function exportDate(iso: string, language: UiLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}
