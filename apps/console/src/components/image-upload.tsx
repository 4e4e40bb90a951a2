/**
 * An operator's picture upload (POST /console/file/upload, the files module's one upload path: type checked from the
 * bytes, size and quota as for customers): for a support answer or an article's Markdown. While it uploads the button
 * spins; a refusal (wrong type, too large, quota) is shown translated.
 */
import { type UploadedFile, user } from '@beurs/contracts';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { api, errorMessage } from '../api/client';
import { t } from '../i18n';

export function ImageUploadButton({
  onUploaded,
  label,
  testId,
}: {
  onUploaded: (file: UploadedFile, name: string) => void;
  label: string;
  testId: string;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <span data-testid={testId}>
      <Upload
        accept="image/jpeg,image/png,image/webp,image/gif"
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          const blob = file as File;
          setBusy(true);
          try {
            const uploaded = await api.upload(user.consoleFileUpload, blob, blob.name);
            onUploaded(uploaded, blob.name);
            onSuccess?.(uploaded);
          } catch (error) {
            void message.error(errorMessage(error));
            onError?.(error as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button loading={busy}>{label || t('support.image')}</Button>
      </Upload>
    </span>
  );
}
