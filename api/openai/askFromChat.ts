import { DEFAULT_MODEL_ALIAS, MAX_MESSAGE_CHARS, type AskRequest, type ChatCompletionRequest, type ChatMessage } from '@askflow/contract';
import type { ChatTurn } from '../../interface/ask.js';
import type { Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';

/** A chat-completions request as an ask: the ask itself, the conversation before it, and how to answer. */
export interface ChatAsk {
  req: AskRequest;
  /** Earlier user and assistant messages, oldest first; absent when the request had none. */
  history?: ChatTurn[];
  stream: boolean;
  /** `stream_options.include_usage`: a last chunk with the usage. */
  includeUsage: boolean;
}

const refuse = (param: string, message: string) => new ApiError('ValidationError', message, [{ path: param, message }]);

/** A message's text: the string, or its text parts joined; any other part (an image, audio) is refused. */
function textOf(message: ChatMessage, index: number): string {
  const { content } = message;
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  const other = content.find((part) => part.type !== 'text');
  if (other) throw refuse(`messages.${index}.content`, `Only text content is accepted; messages[${index}] has a "${other.type}" part.`);
  return content.map((part) => part.text ?? '').join('\n');
}

/**
 * The caller's own tools, and the tool turns that answer them, have no place here: an ask uses
 * the project's tools, called and signed by Askflow. Refused, so a caller does not wait for tool
 * calls that will never come.
 */
function refuseCallerTools(body: ChatCompletionRequest): void {
  const toolsMessage = "This project's own tools are used, called by Askflow; a request cannot bring tools. Remove";
  if (body.tools?.length) throw refuse('tools', `${toolsMessage} "tools".`);
  if (body.functions?.length) throw refuse('functions', `${toolsMessage} "functions".`);
  body.messages.forEach((m, i) => {
    const calls = Boolean(m.tool_calls?.length) || (m.function_call !== undefined && m.function_call !== null);
    if (m.role === 'tool' || m.role === 'function' || calls) {
      throw refuse(`messages.${i}`, `messages[${i}] is a tool ${m.role === 'assistant' ? 'call' : 'result'}; this project's own tools are used, called by Askflow, so the conversation holds user and assistant text only.`);
    }
  });
}

/**
 * Maps an OpenAI chat-completions request onto an ask. The last message is the ask and must be
 * the user's; earlier user and assistant messages are its history. System and developer
 * messages are left out: the project's own system prompt governs what the model is told, as on
 * `/service/ask` (sampling settings such as `temperature` and `max_tokens` likewise: the
 * project's settings govern). `model` is a menu id or `default`; while switching is off, the
 * default's own id (the one entry `GET /v1/models` lists besides `default`) means the same.
 */
export function askFromChat(body: ChatCompletionRequest, project: Project): ChatAsk {
  refuseCallerTools(body);
  if ((body.n ?? 1) !== 1) throw refuse('n', 'Only one choice is answered; send "n": 1 or leave it out.');
  const last = body.messages.length - 1;
  if (body.messages[last]!.role !== 'user') throw refuse('messages', `The last message must be the user's: it is the ask (here it is "${body.messages[last]!.role}").`);
  const message = textOf(body.messages[last]!, last);
  if (!message.trim()) throw refuse(`messages.${last}.content`, 'The last user message must have text: it is the ask.');
  if (message.length > MAX_MESSAGE_CHARS) throw refuse(`messages.${last}.content`, `The last user message is longer than ${MAX_MESSAGE_CHARS} characters.`);
  const history: ChatTurn[] = [];
  body.messages.slice(0, last).forEach((m, i) => {
    const content = textOf(m, i);
    if ((m.role === 'user' || m.role === 'assistant') && content.trim()) history.push({ role: m.role, content });
  });

  const named = body.model !== DEFAULT_MODEL_ALIAS && !(body.model === project.chatModel && !project.modelSwitching);
  const format = body.response_format;
  const schema = format?.type === 'json_schema' ? format.json_schema.schema : undefined;
  const { askflow } = body;
  return {
    req: {
      tenantId: project.id,
      message,
      ...(named ? { model: body.model } : {}),
      ...(body.user !== undefined ? { externalUserId: body.user } : {}),
      ...(format && format.type !== 'text' ? { responseFormat: 'json_object' as const } : {}),
      ...(schema ? { jsonSchema: schema } : {}),
      ...askflow,
    },
    ...(history.length ? { history } : {}),
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
  };
}
