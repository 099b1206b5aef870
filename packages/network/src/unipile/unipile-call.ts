import { TransientNetworkError } from '../network.errors.js';
import { type ErrorContext, mapUnipileError } from './unipile-error.mapper.js';

/**
 * Runs one SDK call under a deadline and maps its failure. The SDK takes no abort signal, so a
 * call past the deadline is abandoned rather than cancelled: its outcome is unknown, which is
 * exactly what a `TransientNetworkError` tells the caller (reconcile before sending again).
 */
export async function unipileCall<T>(
  context: ErrorContext,
  timeoutMs: number,
  run: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new TransientNetworkError(`provider did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), deadline]);
  } catch (error) {
    throw mapUnipileError(error, context);
  } finally {
    clearTimeout(timer);
  }
}
