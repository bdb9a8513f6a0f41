// The chat-completions test server in a process of its own (see chatCompletionsProcess.ts):
// its tokens keep their pace however busy the test's own process is.
import { startChatCompletionsServer, type Behaviour } from './chatCompletionsServer.js';

const server = await startChatCompletionsServer();
process.on('message', (m: { script?: Behaviour[] }) => {
  if (m.script) server.script(...m.script);
  process.send!({ scripted: true });
});
// The test that started it is done (or gone): so is the server.
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send!({ baseUrl: server.baseUrl, apiKey: server.apiKey });
