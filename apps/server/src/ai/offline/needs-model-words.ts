import type { LanguageCode } from "@nexus/contracts";

/** Why the offline engine gives no quoted answer. */
export type NeedsModelReason = "no-sources" | "no-match" | "writing";

/**
 * What the offline engine says when it cannot quote an answer, in each answer language (the
 * question's: a French question gets the French message). Variable names, addresses and the
 * guides' links stay as they are (the guides are written in English).
 */
export interface NeedsModelWords {
  opening: Record<NeedsModelReason, string>;
  /** How to connect a model; `guide` is the link to the guide. */
  howTo: (guide: string) => string;
  webSearch: (guide: string) => string;
  modelGuide: string;
  searchGuide: string;
  foundNothing: (asked: string) => string;
  noneAnswers: (asked: string, titles: string, more: number) => string;
}

const ENV = "`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`";
const OLLAMA = "`http://127.0.0.1:11434/v1`, `LLM_MODEL=llama3.1`";

export const NEEDS_MODEL_WORDS: Readonly<Record<LanguageCode, NeedsModelWords>> = {
  en: {
    opening: {
      "no-sources":
        "No sources were found for this question, and without a language model Nexus can only " +
        "answer by quoting its sources (offline mode). Try rephrasing the question.",
      "no-match":
        "None of the sources found mention this question closely enough to quote an answer, and " +
        "without a language model Nexus can only answer by quoting its sources (offline mode).",
      writing:
        "This request needs a language model to write new text, and this Nexus server has none " +
        "configured: in offline mode it can only answer questions by quoting its sources.",
    },
    howTo: (guide) =>
      "To get generated answers, the administrator of this Nexus server sets `LLM_BASE_URL`, " +
      "`LLM_API_KEY` and `LLM_MODEL` to any OpenAI-compatible API (for example Ollama at " +
      "`http://127.0.0.1:11434/v1` with `LLM_MODEL=llama3.1`) and restarts the server. " +
      `See ${guide} for Ollama, vLLM, LM Studio and hosted APIs.`,
    webSearch: (guide) =>
      `To answer from the live web, set \`SEARCH_PROVIDER\` (SearXNG, Tavily or Brave): see ${guide}.`,
    modelGuide: "Connecting a language model",
    searchGuide: "Search providers",
    foundNothing: (asked) =>
      `Nexus searched its local sources (the built-in guides and your files) for “${asked}” and found nothing.`,
    noneAnswers: (asked, titles, more) =>
      `Nexus searched its local sources for “${asked}”: the closest were ${titles}${more > 0 ? ` and ${more} more` : ""}, and none of them answers it.`,
  },
  de: {
    opening: {
      "no-sources":
        "Zu dieser Frage wurden keine Quellen gefunden, und ohne Sprachmodell kann Nexus nur " +
        "antworten, indem es seine Quellen zitiert (Offline-Modus). Formulieren Sie die Frage um.",
      "no-match":
        "Keine der gefundenen Quellen behandelt diese Frage genau genug, um eine Antwort zu " +
        "zitieren, und ohne Sprachmodell kann Nexus nur aus seinen Quellen zitieren (Offline-Modus).",
      writing:
        "Für diese Anfrage braucht es ein Sprachmodell, das neuen Text schreibt, und auf diesem " +
        "Nexus-Server ist keines eingerichtet: Im Offline-Modus beantwortet er Fragen nur mit Zitaten aus seinen Quellen.",
    },
    howTo: (guide) =>
      `Für generierte Antworten setzt die Administration dieses Nexus-Servers ${ENV} auf eine ` +
      `OpenAI-kompatible API (etwa Ollama: ${OLLAMA}) und startet den Server neu. ` +
      `Mehr zu Ollama, vLLM, LM Studio und gehosteten APIs: ${guide}.`,
    webSearch: (guide) =>
      `Für Antworten aus dem Web setzen Sie \`SEARCH_PROVIDER\` (SearXNG, Tavily oder Brave): siehe ${guide}.`,
    modelGuide: "Ein Sprachmodell anbinden",
    searchGuide: "Suchanbieter",
    foundNothing: (asked) =>
      `Nexus hat seine lokalen Quellen (die eingebauten Anleitungen und Ihre Dateien) nach „${asked}“ durchsucht und nichts gefunden.`,
    noneAnswers: (asked, titles, more) =>
      `Nexus hat seine lokalen Quellen nach „${asked}“ durchsucht: Am nächsten kamen ${titles}${more > 0 ? ` und ${more} weitere` : ""}, doch keine davon beantwortet die Frage.`,
  },
  fr: {
    opening: {
      "no-sources":
        "Aucune source n’a été trouvée pour cette question, et sans modèle de langage Nexus ne " +
        "peut répondre qu’en citant ses sources (mode hors ligne). Essayez de reformuler la question.",
      "no-match":
        "Aucune des sources trouvées ne traite cette question d’assez près pour en citer une " +
        "réponse, et sans modèle de langage Nexus ne peut répondre qu’en citant ses sources (mode hors ligne).",
      writing:
        "Cette demande nécessite un modèle de langage pour rédiger un texte, et ce serveur Nexus " +
        "n’en a aucun : en mode hors ligne, il ne répond qu’en citant ses sources.",
    },
    howTo: (guide) =>
      `Pour obtenir des réponses rédigées, l’administrateur de ce serveur Nexus renseigne ${ENV} ` +
      `avec une API compatible OpenAI (par exemple Ollama : ${OLLAMA}) puis redémarre le serveur. ` +
      `Voir ${guide} pour Ollama, vLLM, LM Studio et les API hébergées.`,
    webSearch: (guide) =>
      `Pour répondre à partir du web, renseignez \`SEARCH_PROVIDER\` (SearXNG, Tavily ou Brave) : voir ${guide}.`,
    modelGuide: "Connecter un modèle de langage",
    searchGuide: "Fournisseurs de recherche",
    foundNothing: (asked) =>
      `Nexus a cherché « ${asked} » dans ses sources locales (les guides intégrés et vos fichiers) et n’a rien trouvé.`,
    noneAnswers: (asked, titles, more) =>
      `Nexus a cherché « ${asked} » dans ses sources locales : les plus proches étaient ${titles}${more > 0 ? ` et ${more} autres` : ""}, et aucune n’y répond.`,
  },
  es: {
    opening: {
      "no-sources":
        "No se encontraron fuentes para esta pregunta y, sin un modelo de lenguaje, Nexus solo " +
        "puede responder citando sus fuentes (modo sin conexión). Prueba a reformular la pregunta.",
      "no-match":
        "Ninguna de las fuentes encontradas trata esta pregunta con la precisión suficiente para " +
        "citar una respuesta y, sin un modelo de lenguaje, Nexus solo puede responder citando sus fuentes (modo sin conexión).",
      writing:
        "Esta petición necesita un modelo de lenguaje que redacte texto nuevo, y este servidor " +
        "Nexus no tiene ninguno configurado: sin conexión solo responde citando sus fuentes.",
    },
    howTo: (guide) =>
      `Para obtener respuestas generadas, quien administra este servidor Nexus define ${ENV} ` +
      `con cualquier API compatible con OpenAI (por ejemplo Ollama: ${OLLAMA}) y reinicia el servidor. ` +
      `Consulta ${guide} para Ollama, vLLM, LM Studio y API alojadas.`,
    webSearch: (guide) =>
      `Para responder desde la web, define \`SEARCH_PROVIDER\` (SearXNG, Tavily o Brave): consulta ${guide}.`,
    modelGuide: "Conectar un modelo de lenguaje",
    searchGuide: "Proveedores de búsqueda",
    foundNothing: (asked) =>
      `Nexus buscó «${asked}» en sus fuentes locales (las guías integradas y tus archivos) y no encontró nada.`,
    noneAnswers: (asked, titles, more) =>
      `Nexus buscó «${asked}» en sus fuentes locales: las más cercanas fueron ${titles}${more > 0 ? ` y ${more} más` : ""}, y ninguna lo responde.`,
  },
  ja: {
    opening: {
      "no-sources":
        "この質問に関する出典が見つかりませんでした。言語モデルがない場合、Nexus は出典を引用して答えることしかできません（オフラインモード）。質問を言い換えてみてください。",
      "no-match":
        "見つかった出典のどれも、答えを引用できるほどこの質問に近い内容を含んでいません。言語モデルがない場合、Nexus は出典を引用して答えることしかできません（オフラインモード）。",
      writing:
        "このリクエストには新しい文章を書く言語モデルが必要ですが、この Nexus サーバーには設定されていません。オフラインモードでは出典を引用して質問に答えることしかできません。",
    },
    howTo: (guide) =>
      `生成された回答を得るには、この Nexus サーバーの管理者が ${ENV} を OpenAI 互換 API（例: Ollama ${OLLAMA}）に設定し、サーバーを再起動します。Ollama、vLLM、LM Studio、ホスト型 API については ${guide} を参照してください。`,
    webSearch: (guide) =>
      `ウェブから答えるには \`SEARCH_PROVIDER\`（SearXNG、Tavily、Brave）を設定します: ${guide} を参照してください。`,
    modelGuide: "言語モデルの接続",
    searchGuide: "検索プロバイダー",
    foundNothing: (asked) =>
      `Nexus はローカルの出典（組み込みガイドとあなたのファイル）で「${asked}」を検索しましたが、何も見つかりませんでした。`,
    noneAnswers: (asked, titles, more) =>
      `Nexus はローカルの出典で「${asked}」を検索しました。最も近かったのは ${titles}${more > 0 ? ` ほか ${more} 件` : ""}ですが、いずれも答えになっていません。`,
  },
  ar: {
    opening: {
      "no-sources":
        "لم يُعثر على مصادر لهذا السؤال، ومن دون نموذج لغوي لا يستطيع Nexus الإجابة إلا باقتباس مصادره (الوضع دون اتصال). جرّب إعادة صياغة السؤال.",
      "no-match":
        "لا يتناول أيٌّ من المصادر التي عُثر عليها هذا السؤال بدقة تكفي لاقتباس إجابة، ومن دون نموذج لغوي لا يستطيع Nexus الإجابة إلا باقتباس مصادره (الوضع دون اتصال).",
      writing:
        "يحتاج هذا الطلب إلى نموذج لغوي يكتب نصًا جديدًا، ولا يوجد نموذج مُعدّ على خادم Nexus هذا: في الوضع دون اتصال لا يجيب إلا باقتباس مصادره.",
    },
    howTo: (guide) =>
      `للحصول على إجابات مولَّدة، يضبط مسؤول خادم Nexus هذا ${ENV} على أي واجهة برمجية متوافقة مع OpenAI (مثل Ollama: ${OLLAMA}) ثم يعيد تشغيل الخادم. راجع ${guide} لمعرفة المزيد عن Ollama وvLLM وLM Studio والواجهات المستضافة.`,
    webSearch: (guide) =>
      `للإجابة من الويب، اضبط \`SEARCH_PROVIDER\` (SearXNG أو Tavily أو Brave): راجع ${guide}.`,
    modelGuide: "ربط نموذج لغوي",
    searchGuide: "مزوّدو البحث",
    foundNothing: (asked) =>
      `بحث Nexus في مصادره المحلية (الأدلة المدمجة وملفاتك) عن «${asked}» ولم يجد شيئًا.`,
    noneAnswers: (asked, titles, more) =>
      `بحث Nexus في مصادره المحلية عن «${asked}»: كانت الأقرب ${titles}${more > 0 ? ` و${more} غيرها` : ""}، ولا يجيب أيٌّ منها عنه.`,
  },
};
