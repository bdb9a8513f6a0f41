// A file as the knowledge API takes it. Text-like files are sent as text; anything else (PDF) as
// base64, because the API parses binary formats itself.
import type { KnowledgeUpload } from '@askflow/contract/browser';

const textLike = /\.(md|markdown|txt|html?|csv|json)$/i;

export const ACCEPTED_FILES = '.md,.markdown,.txt,.html,.htm,.pdf,text/*,application/pdf';

export async function fileBody(file: File): Promise<KnowledgeUpload> {
  if (textLike.test(file.name) || file.type.startsWith('text/')) return { name: file.name, text: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, base64: btoa(binary) };
}
