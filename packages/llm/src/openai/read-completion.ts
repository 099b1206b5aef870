/** Turns a chat completion into the port's answer: refusal, cut-off, non-JSON and off-schema answers are failures. */
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { modelFailure, type ModelUsage, type StructuredAnswer } from '../port/language-model.port.js';

function usageOf(completion: ChatCompletion): ModelUsage | null {
  const usage = completion.usage;
  if (!usage) return null;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function readCompletion<T>(completion: ChatCompletion, schema: z.ZodType<T>): StructuredAnswer<T> {
  const choice = completion.choices[0];
  if (!choice) return modelFailure('malformed', 'the completion has no choice');
  const { message, finish_reason: finishReason } = choice;
  if (message.refusal) return modelFailure('refusal', `the model refused: ${message.refusal}`);
  if (finishReason === 'content_filter')
    return modelFailure('refusal', 'the answer was withheld by a content filter');
  if (finishReason === 'length')
    return modelFailure('malformed', 'the answer was cut off at the token limit');
  if (!message.content) return modelFailure('malformed', 'the answer is empty');
  const json = parseJson(message.content);
  if (!json.ok) return modelFailure('malformed', 'the answer is not JSON');
  const parsed = schema.safeParse(json.value);
  if (!parsed.success)
    return modelFailure('malformed', `the answer does not fit the schema: ${parsed.error.message}`);
  return { ok: true, value: parsed.data, model: completion.model, cached: false, usage: usageOf(completion) };
}
