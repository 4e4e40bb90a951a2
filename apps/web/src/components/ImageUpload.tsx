/**
 * A form field for one uploaded file (an image, or a PDF for documents): its value is the
 * server's `fileId`, so it works as an antd-mobile Form field (`value` / `onChange`).
 *
 * Picking a file checks its type and size here first (5 MB, SPEC §9), then uploads it at once:
 * the local picture shows under a spinner meanwhile, then the signed address the server gave back.
 * The tile is one big tap target; once there is a file it offers Replace and Remove. A field that starts
 * with a file uploaded earlier (editing) shows it from `previewUrl`.
 */
import { UPLOAD_MAX_BYTES } from '@beurs/contracts';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadKind, useUploadMutation } from '../api/kyc';
import { type Formatters, useFormatters } from '../lib/format';
import { toastFailure } from '../lib/toast';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';
import './ImageUpload.css';

/** What the image endpoint takes (the server checks the bytes again). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** Images or a PDF: uploaded to the documents endpoint. */
export const DOCUMENT_ACCEPT = `${IMAGE_ACCEPT},application/pdf`;

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
};

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The file's type, from the browser or (when it does not say) from the name's extension. */
export function typeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** "340 KB", "1.5 MB" (nl "1,5 MB"). */
function formatSize(bytes: number, f: Formatters): string {
  if (bytes < 1024 * 1024) return `${f.integer(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${f.number(bytes / (1024 * 1024), 1)} MB`;
}

function revoke(url: { current: string | null }) {
  if (url.current) URL.revokeObjectURL(url.current);
  url.current = null;
}

interface Shown {
  /** The fileId this preview belongs to; undefined while uploading. */
  fileId?: string;
  /** A local object URL while uploading, then the signed address from the server. */
  src?: string;
  isPdf: boolean;
  name: string;
  size: number;
  /** Uploaded before this field was shown (`previewUrl`): no name or size to say. */
  earlier?: boolean;
}

export interface ImageUploadProps {
  /** Set by Form.Item: the hidden file input gets it, so the field's label points at it. */
  id?: string;
  /** The uploaded file's id. */
  value?: string;
  /**
   * The address of the picture of the file the field starts with (its first `value`, e.g. a saved card's
   * `frontUrl`): shown while that file is the value, instead of "File uploaded".
   */
  previewUrl?: string | null;
  onChange?: (fileId: string | undefined) => void;
  /** What to upload ("Front of the ID card"): the tile's title and the file input's name. */
  label: string;
  /** How it should look ("All four corners visible"). */
  hint?: ReactNode;
  /** MIME types; with `application/pdf` the file goes to the documents endpoint. Default: images. */
  accept?: string;
  maxBytes?: number;
  icon?: IconName;
  disabled?: boolean;
  /** Tells the form an upload is running (e.g. to hold its submit button). */
  onBusyChange?: (busy: boolean) => void;
  /** Put on the file input, so a browser test can `setInputFiles` on it. */
  'data-testid'?: string;
}

export function ImageUpload({
  id,
  value,
  previewUrl,
  onChange,
  label,
  hint,
  accept = IMAGE_ACCEPT,
  maxBytes = UPLOAD_MAX_BYTES,
  icon = 'top',
  disabled,
  onBusyChange,
  'data-testid': testId,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const acceptedTypes = accept.split(',').map((type) => type.trim().toLowerCase());
  const kind: UploadKind = acceptedTypes.includes('application/pdf') ? 'document' : 'image';
  const upload = useUploadMutation(kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [broken, setBroken] = useState(false);
  /** The file `previewUrl` shows: the value the field started with. */
  const [initialValue] = useState(value);
  /** Counts picks, so the answer to an older pick never overwrites a newer one. */
  const pick = useRef(0);
  const localUrl = useRef<string | null>(null);
  const busy = upload.isPending;
  const typeNames = [...new Set(acceptedTypes.map((type) => TYPE_NAMES[type]).filter(Boolean))].join(', ');
  const maxMb = Math.round(maxBytes / (1024 * 1024));

  const onBusyChangeRef = useRef(onBusyChange);
  onBusyChangeRef.current = onBusyChange;
  useEffect(() => {
    onBusyChangeRef.current?.(busy);
  }, [busy]);

  const releaseLocalUrl = () => revoke(localUrl);
  useEffect(
    () => () => {
      pick.current += 1;
      revoke(localUrl);
      onBusyChangeRef.current?.(false);
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const type = typeOf(file);
    if (!acceptedTypes.includes(type)) {
      toastFailure(t('errors.uploadType', { types: typeNames }));
      return;
    }
    if (file.size > maxBytes) {
      toastFailure(t('errors.uploadTooLarge', { n: maxMb }));
      return;
    }
    const isPdf = type === 'application/pdf';
    const current = ++pick.current;
    releaseLocalUrl();
    if (!isPdf) localUrl.current = URL.createObjectURL(file);
    const previous = shown;
    setBroken(false);
    setShown({ src: localUrl.current ?? undefined, isPdf, name: file.name, size: file.size });
    upload.mutate(file, {
      onSuccess: (uploaded) => {
        if (current !== pick.current) return;
        setShown({
          fileId: uploaded.fileId,
          src: isPdf ? undefined : uploaded.url,
          isPdf: uploaded.mime === 'application/pdf',
          name: file.name,
          size: uploaded.size,
        });
        onChange?.(uploaded.fileId);
      },
      // The toast says why (server message or "Upload Fail"); the field goes back to what it had.
      onError: () => {
        if (current !== pick.current) return;
        releaseLocalUrl();
        setShown(previous);
      },
    });
  };

  const remove = () => {
    pick.current += 1;
    releaseLocalUrl();
    setShown(null);
    setBroken(false);
    onChange?.(undefined);
    // The input shows again after this render: keyboard users land on it, not on the page top.
    setTimeout(() => inputRef.current?.focus(), 0);
  };

  // The value can change from outside (form reset, a prefilled id with or without a preview).
  const preview: Shown | null =
    shown && (busy || shown.fileId === value)
      ? shown
      : previewUrl && value && value === initialValue
        ? { fileId: value, src: previewUrl, isPdf: false, name: label, size: 0, earlier: true }
        : null;
  const hasFile = Boolean(value) || busy;
  const showImage = preview?.src && !preview.isPdf && !broken;

  return (
    <div className={`upload${hasFile ? ' upload--filled' : ''}${disabled ? ' upload--disabled' : ''}`}>
      <div className="upload__tile" aria-busy={busy}>
        {!hasFile ? (
          <div className="upload__empty">
            <span className="upload__icon">
              <Icon name={icon} size={24} />
            </span>
            <span className="upload__title">{label}</span>
            {hint && <span className="upload__hint">{hint}</span>}
            <span className="upload__cta">{t('upload.choose')}</span>
            <span className="upload__formats">{t('upload.formats', { types: typeNames, n: maxMb })}</span>
          </div>
        ) : busy && !showImage ? (
          // A document has no picture to dim: the spinner alone.
          <div className="upload__file" />
        ) : showImage ? (
          <img
            className="upload__image"
            src={preview.src}
            alt={t('upload.previewAlt', { label })}
            onError={() => setBroken(true)}
          />
        ) : (
          <div className="upload__file">
            <span className="upload__icon">
              <Icon name={preview?.isPdf ? 'doc' : 'check'} size={24} />
            </span>
            <span className="upload__title">{label}</span>
            <span className="upload__hint">
              {preview && !preview.earlier ? `${preview.name} · ${formatSize(preview.size, f)}` : t('upload.uploaded')}
            </span>
          </div>
        )}
        {busy && (
          <div className="upload__busy" role="status">
            <Spinner size={28} />
            <span>{t('upload.uploading')}</span>
          </div>
        )}
        <input
          ref={inputRef}
          id={id}
          className="upload__input"
          type="file"
          accept={accept}
          aria-label={label}
          disabled={disabled || busy}
          onChange={choose}
          data-testid={testId}
          // Once there is a file, the tile stays a picture: Replace opens the picker. Not display:none,
          // so that click() opens it in every browser.
          tabIndex={hasFile ? -1 : undefined}
          aria-hidden={hasFile || undefined}
        />
      </div>
      {hasFile && (
        <div className="upload__bar">
          <span className="upload__status">
            {!busy && <Icon name="check" size={16} />}
            <span>{label}</span>
          </span>
          <button
            type="button"
            className="upload__action"
            disabled={disabled || busy}
            onClick={() => inputRef.current?.click()}
          >
            <Icon name="edit" size={15} />
            {t('upload.replace')}
          </button>
          <button
            type="button"
            className="upload__action upload__action--danger"
            disabled={disabled || busy}
            onClick={remove}
            aria-label={`${t('upload.remove')}: ${label}`}
          >
            <Icon name="trash" size={15} />
            {t('upload.remove')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Tracks the uploads running in a form, so its submit button waits for them: give each field
 * `onBusyChange={track('front')}` and hold the button while `busy`.
 */
export function useUploadsBusy() {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const track = useCallback(
    (field: string) => (isBusy: boolean) =>
      setRunning((current) => {
        if (current.has(field) === isBusy) return current;
        const next = new Set(current);
        if (isBusy) next.add(field);
        else next.delete(field);
        return next;
      }),
    [],
  );
  return { busy: running.size > 0, track };
}
