// Code to paste into an app: this Askflow's address, the project's real tenant id and the key
// (the key itself right after it is made; later only an environment variable, since the console
// cannot show a key again). Each runs as it is.

export interface SnippetTarget {
  /** Where this Askflow answers (the console's own origin: the api serves both). */
  origin: string;
  tenantId: string;
  /** The full key when it was just created; null for a key made earlier. */
  key: string | null;
  /** Which earlier key `ASKFLOW_API_KEY` should hold, as the console lists it (prefix and name). */
  keyHint?: string | null;
}

export interface Snippet { id: string; title: string; language: string; code: string }

const QUESTION = 'Hello! What can you help me with?';

export function snippets({ origin, tenantId, key, keyHint }: SnippetTarget): Snippet[] {
  const shellKey = key ?? '$ASKFLOW_API_KEY';
  const jsKey = key ? `'${key}'` : 'process.env.ASKFLOW_API_KEY';
  const hint = keyHint?.replace(/\s+/g, ' ');
  const shellNote = !key && hint ? `# ASKFLOW_API_KEY holds your key ${hint}\n` : '';
  const jsNote = !key && hint ? `// ASKFLOW_API_KEY holds your key ${hint}\n` : '';
  // Double quotes in the shell so $ASKFLOW_API_KEY expands; a real key has none of "$`\.
  const json = JSON.stringify({ tenantId, message: QUESTION });
  return [
    {
      id: 'curl',
      title: 'curl',
      language: 'sh',
      code: `${shellNote}curl -s ${origin}/service/ask \\
  -H 'Content-Type: application/json' \\
  -H "X-API-Key: ${shellKey}" \\
  -d '${json}'`,
    },
    {
      id: 'node',
      title: 'Node.js client',
      language: 'js',
      code: `${jsNote}// npm install @askflow/client — then run as an ES module (node ask.mjs)
import { AskflowClient } from '@askflow/client';

const askflow = new AskflowClient({
  apiKey: ${jsKey},
  tenantId: '${tenantId}',
  baseUrl: '${origin}',
});

const answer = await askflow.ask({ message: ${JSON.stringify(QUESTION)} });
console.log(answer.answer);`,
    },
    {
      id: 'openai',
      title: 'OpenAI SDK',
      language: 'js',
      code: `${jsNote}// The OpenAI-compatible door: npm install openai — then run as an ES module (node ask.mjs)
import OpenAI from 'openai';

const openai = new OpenAI({ apiKey: ${jsKey}, baseURL: '${origin}/v1' });

const completion = await openai.chat.completions.create({
  model: 'default',
  messages: [{ role: 'user', content: ${JSON.stringify(QUESTION)} }],
});
console.log(completion.choices[0].message.content);`,
    },
    {
      id: 'openai-curl',
      title: 'curl (OpenAI door)',
      language: 'sh',
      code: `${shellNote}curl -s ${origin}/v1/chat/completions \\
  -H 'Content-Type: application/json' \\
  -H "Authorization: Bearer ${shellKey}" \\
  -d '${JSON.stringify({ model: 'default', messages: [{ role: 'user', content: QUESTION }] })}'`,
    },
  ];
}
