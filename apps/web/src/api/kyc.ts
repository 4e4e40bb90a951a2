/** Identity verification (SPEC §2 kyc/individual) and file uploads: mutation hooks. */

import { ApiError } from '@beurs/api-client';
import type { RequestOf, UploadedFile } from '@beurs/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from './client';
import { user } from './endpoints';
import { userKeys } from './user';

/** Which upload endpoint: `image` takes JPEG, PNG, WebP and GIF; `document` also PDF (corporate papers, proofs). */
export type UploadKind = 'image' | 'document';

/**
 * Uploads one file and resolves with its `fileId` and a signed preview `url` (valid one hour).
 * Shared by every form with a file field (identity documents, deposit proofs, bank card images).
 * A failure toasts the server's message, or "Upload Fail" (SPEC §8).
 */
export function useUploadMutation(kind: UploadKind = 'image') {
  return useMutation({
    mutationFn: (file: File): Promise<UploadedFile> =>
      uploadFile(kind === 'document' ? user.fileTermsUpload : user.fileUpload, file),
  });
}

/**
 * Submits the identity documents. The user info is refetched before the mutation settles, so the
 * screen moves to "under review" without showing the form again in between.
 */
export function useUpdateRealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof user.updateReal>) => api.call(user.updateReal, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
    // 409: a submission is already waiting or the identity is verified (e.g. from another device).
    // The toast says so; the refetch shows that state instead of the form.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 409)
        void queryClient.invalidateQueries({ queryKey: userKeys.info() });
    },
  });
}
