// Builds small, valid PDFs in memory (no fixture binaries, no network): one text object per
// page in Helvetica, with a correct cross-reference table so pdf.js reads them without repair.

/** A PDF string literal's body: backslash, parentheses escaped. */
const literal = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A PDF with one page per entry, each line of a page shown on its own line; `title` goes in the Info dictionary. */
export function buildPdf(pages: string[][], title?: string): Uint8Array {
  // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = title === undefined ? '<< /Producer (askflow tests) >>' : `<< /Title (${literal(title)}) /Producer (askflow tests) >>`;
  pages.forEach((lines, i) => {
    const id = pageIds[i]!;
    const content = ['BT', '/F1 12 Tf', '14 TL', '72 720 Td', ...lines.map((line, j) => `${j ? 'T* ' : ''}(${literal(line)}) Tj`), 'ET'].join('\n');
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
