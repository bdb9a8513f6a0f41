import { countTokens } from 'gpt-tokenizer';

/** Token count with the o200k_base encoding, so offline usage figures are comparable to OpenAI's. */
export function tokenCount(text: string): number {
  return text ? countTokens(text) : 0;
}
