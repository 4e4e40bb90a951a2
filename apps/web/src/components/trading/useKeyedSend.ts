/**
 * Sends a money-moving request of the trading screens (order, close, add margin, add to a position) with the
 * key of its intent (lib/idempotency): the same key when the same request is sent again (a retry after a lost
 * answer never moves money twice), a new one after success and after a refusal (a refusal is final for that
 * request: the corrected one is another intent). `then` runs after the key is settled.
 */
import { ApiError } from '@beurs/api-client';
import type { UseMutationResult } from '@tanstack/react-query';
import { useIdempotencyKey } from '../../lib/idempotency';

export function useKeyedSend<TResult, TError, TRequest, TContext>(
  mutation: UseMutationResult<TResult, TError, { request: TRequest; idempotencyKey: string }, TContext>,
) {
  const intent = useIdempotencyKey();
  return (request: TRequest, then: { onSuccess?: (result: TResult) => void; onError?: (error: TError) => void } = {}) =>
    mutation.mutate(
      { request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (result) => {
          intent.renew();
          then.onSuccess?.(result);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          then.onError?.(error);
        },
      },
    );
}
