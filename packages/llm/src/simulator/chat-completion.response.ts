/** The official chat-completions wire shapes the simulator answers with. */
import type { SimulatorFault } from './simulator-faults.js';

export interface CompletionShape {
  content: string | null;
  refusal: string | null;
  finishReason: 'stop' | 'length';
}

/** Rough token count (about four characters a token), enough for budgets to move. */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function chatCompletion(options: {
  id: string;
  created: number;
  model: string;
  promptText: string;
  shape: CompletionShape;
}) {
  const { shape } = options;
  const promptTokens = approximateTokens(options.promptText);
  const completionTokens = approximateTokens(shape.content ?? shape.refusal ?? '');
  return {
    id: options.id,
    object: 'chat.completion',
    created: options.created,
    model: options.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: shape.content, refusal: shape.refusal, annotations: [] },
        logprobs: null,
        finish_reason: shape.finishReason,
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
    system_fingerprint: 'outreach-simulator',
  };
}

/** How a content fault changes a good answer; null for faults that are not about content. */
export function faultyShape(fault: SimulatorFault | undefined, goodContent: string): CompletionShape {
  switch (fault?.kind) {
    case 'malformed':
      return {
        content: `Sure! Here is the answer: ${goodContent.slice(0, -1)}`,
        refusal: null,
        finishReason: 'stop',
      };
    case 'truncated':
      return {
        content: goodContent.slice(0, Math.ceil(goodContent.length / 2)),
        refusal: null,
        finishReason: 'length',
      };
    case 'refusal':
      return {
        content: null,
        refusal: "I'm sorry, but I can't help with that request.",
        finishReason: 'stop',
      };
    default:
      return { content: goodContent, refusal: null, finishReason: 'stop' };
  }
}

/** The error body of the official API. */
export function apiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}
