/** A PDF string literal's text (only ASCII here). */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A text PDF of `pages` Letter pages in Helvetica, written by hand (no PDF library in the repo):
 * each page "Page N" and a few sentences that name it, so each page is its own passage.
 */
export function textPdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids: string[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  for (let n = 1; n <= pages; n++) {
    const pageObj = 2 + 2 * n;
    const contentObj = pageObj + 1;
    kids.push(`${pageObj} 0 R`);
    const lines = [
      `The ferry to Skerry ${n} leaves pier ${(n % 7) + 1} at ${6 + (n % 12)} o'clock every morning.`,
      `Harbour report ${n} lists the tides, the winds and the crossings of the week in full.`,
      `Kestrel ${n} nests on the cliffs above the landing (counted ${n * 3} times this season).`,
      `The lighthouse keeper of station ${n} writes the weather log before the first boat.`,
      `Cargo manifest ${n}: timber, salt, wool and ${n % 9} crates of lamp oil for the light.`,
      "Passengers are asked to wait behind the yellow line until the gangway is secured.",
      `Section ${n} ends with the harbour master's note on the winter timetable.`,
    ];
    const body = [
      "BT",
      "/F1 24 Tf",
      "72 710 Td",
      `${pdfString(`Page ${n}`)} Tj`,
      "/F1 11 Tf",
      "16 TL",
      "0 -36 Td",
      ...lines.map((line) => `${pdfString(line)} Tj T*`),
      "ET",
    ].join("\n");
    objects[pageObj] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentObj} 0 R >>`;
    objects[contentObj] =
      `<< /Length ${Buffer.byteLength(body, "latin1")} >>\nstream\n${body}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = Buffer.byteLength(out, "latin1");
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++)
    out += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Uploads the PDF as the signed-in user and waits until it is read; its id. */
export async function uploadReady(origin: string, cookie: string, pdf: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), "bench-300-pages.pdf");
  const res = await fetch(`${origin}/api/files`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  const { id } = (await res.json()) as { id?: string };
  if (res.status >= 300 || !id) throw new Error(`upload answered ${res.status}`);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const info = await fetch(`${origin}/api/files/${id}`, { headers: { cookie } });
    const { status } = (await info.json()) as { status: string };
    if (status === "ready") return id;
    if (status === "failed") throw new Error("the 300-page PDF failed to ingest");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the 300-page PDF was not ready in 5 minutes");
}

/** The ordinal of a passage on `page` (GET /api/documents/:id/text). */
export async function passageOn(origin: string, cookie: string, id: string, page: number) {
  const res = await fetch(`${origin}/api/documents/${id}/text`, { headers: { cookie } });
  const text = (await res.json()) as { pages: { page: number; passages: { ordinal: number }[] }[] };
  const ordinal = text.pages.find((p) => p.page === page)?.passages[0]?.ordinal;
  if (ordinal === undefined) throw new Error(`no passage on page ${page}`);
  return ordinal;
}
