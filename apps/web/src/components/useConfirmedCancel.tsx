/**
 * Confirm, then cancel (SPEC §4: a cancellation asks for confirmation), for entrusted orders, withdrawals and
 * placing applications: a dialog that says what is cancelled and what it releases, then the cancel call with the key
 * of that confirmed intent (a lost answer retried replays it instead of failing as "no longer cancellable"), and a
 * toast for the outcome. Each caller gives its own texts and how its mutation takes the id and the key.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import '../app/antdMobile';
import type { ReactNode } from 'react';
import { useIdempotencyKey } from '../lib/idempotency';
import { toastError, toastSuccess } from '../lib/toast';

/** The confirmation: what is cancelled, what comes back, and the two buttons' texts. */
export interface CancelConfirmation {
  title: string;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
}

export interface ConfirmedCancelOptions<V> {
  /** The mutation's variables for the record's id and the intent's key. */
  variables: (id: number, idempotencyKey: string) => V;
  /** The record's id back from the variables (which row is being cancelled). */
  idOf: (variables: V) => number;
  /** The success toast. */
  done: string;
  /** Whether a refusal ends the intent (decided meanwhile: the next confirmation is a new request). */
  renewOnError?: (error: unknown) => boolean;
}

export function useConfirmedCancel<D, E, V>(
  mutation: UseMutationResult<D, E, V>,
  { variables, idOf, done, renewOnError }: ConfirmedCancelOptions<V>,
) {
  const intent = useIdempotencyKey();
  /** `onDone` runs after the cancellation, `onFailed` after a refusal (so a list can show what happened instead). */
  const cancel = async (id: number, confirmation: CancelConfirmation, onDone?: () => void, onFailed?: () => void) => {
    if (!(await Dialog.confirm(confirmation))) return;
    mutation.mutate(variables(id, intent.keyFor({ id })), {
      onSuccess: () => {
        intent.renew();
        toastSuccess(done);
        onDone?.();
      },
      onError: (error) => {
        if (renewOnError?.(error)) intent.renew();
        toastError(error);
        onFailed?.();
      },
    });
  };
  const pendingId = mutation.isPending && mutation.variables !== undefined ? idOf(mutation.variables) : undefined;
  return { cancel, isPending: mutation.isPending, pendingId };
}
