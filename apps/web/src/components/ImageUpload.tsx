/**
 * A form field for one uploaded file (an image, or a PDF for documents): its value is the
 * server's `fileId`, so it works as an antd-mobile Form field (`value` / `onChange`).
 *
 * Picking a file checks its type and size here first (5 MB, SPEC §9), then uploads it at once:
 * the local picture shows under a spinner meanwhile, then the signed address the server gave back.
 * The tile is one big tap target; once there is a file it offers Replace and Remove.
 */
import { UPLOAD_MAX_BYTES } from '@beurs/contracts';
import { SpinLoading } from 'antd-mobile';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadKind, useUploadMutation } from '../api/kyc';
import { toastFailure } from '../lib/toast';
import { Icon, type IconName } from './Icon';

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
function typeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
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
}

export interface ImageUploadProps {
  /** Set by Form.Item: the hidden file input gets it, so the field's label points at it. */
  id?: string;
  /** The uploaded file's id. */
  value?: string;
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
  const acceptedTypes = accept.split(',').map((type) => type.trim().toLowerCase());
  const kind: UploadKind = acceptedTypes.includes('application/pdf') ? 'document' : 'image';
  const upload = useUploadMutation(kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [broken, setBroken] = useState(false);
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
    onChange?.(undefined);
    // The input shows again after this render: keyboard users land on it, not on the page top.
    setTimeout(() => inputRef.current?.focus(), 0);
  };

  // The value can change from outside (form reset, a prefilled id without a preview).
  const preview = shown && (busy || shown.fileId === value) ? shown : null;
  const hasFile = Boolean(value) || busy;
  const showImage = preview?.src && !preview.isPdf && !broken;

  return (
    <div className={`upload${hasFile ? ' upload--filled' : ''}${disabled ? ' upload--disabled' : ''}`}>
      <style href="beurs-image-upload" precedence="default">
        {UPLOAD_CSS}
      </style>
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
              {preview ? `${preview.name} · ${formatSize(preview.size)}` : t('upload.uploaded')}
            </span>
          </div>
        )}
        {busy && (
          <div className="upload__busy" role="status">
            <SpinLoading color="primary" style={{ '--size': '28px' }} />
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

/** Kept with the component (a React 19 hoisted, deduplicated stylesheet) so it can be reused anywhere. */
const UPLOAD_CSS = `
/* A flex item of the form field: min-width 0, or a long label in the bar would widen the page. */
.upload { flex: 1; width: 100%; min-width: 0; }
.upload__tile {
  position: relative;
  display: flex;
  align-items: stretch;
  justify-content: center;
  min-height: 148px;
  overflow: hidden;
  border: 1.5px dashed var(--line-strong);
  border-radius: var(--radius-s);
  background: var(--bg-input);
  transition: border-color 0.15s, background-color 0.15s;
}
.upload__tile:has(.upload__input:focus-visible) { outline: 2px solid var(--gold); outline-offset: 2px; }
.upload:not(.upload--filled) .upload__tile:active { border-color: var(--gold-line); background: #1a2130; }
.upload--filled .upload__tile { border-style: solid; border-color: var(--line); background: #0d1119; }
.adm-form-item-has-error .upload:not(.upload--filled) .upload__tile { border-color: rgba(253, 0, 92, 0.55); }
.upload--disabled .upload__tile { opacity: 0.55; }
.upload__empty,
.upload__file {
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 3px;
  padding: 18px 16px;
  text-align: center;
}
.upload__icon {
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  margin-bottom: 6px;
  border-radius: 12px;
  background: var(--gold-soft);
  color: var(--gold);
}
.upload__title { color: var(--text); font-size: 14.5px; font-weight: 600; }
.upload__hint { max-width: 300px; color: var(--text-2); font-size: 12.5px; line-height: 1.45; overflow-wrap: anywhere; }
.upload__cta { margin-top: 8px; color: var(--gold); font-size: 13px; font-weight: 600; }
.upload__formats { color: var(--text-3); font-size: 11.5px; }
.upload__image {
  display: block;
  width: 100%;
  min-width: 0;
  height: 200px;
  object-fit: contain;
}
.upload__busy {
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  background: rgba(10, 13, 19, 0.72);
  color: var(--text-2);
  font-size: 13px;
}
/* The real input covers the empty tile, so a tap anywhere on it opens the picker. */
.upload__input {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  opacity: 0;
  cursor: pointer;
}
.upload--filled .upload__input { pointer-events: none; }
/* A grid, not flex: the minmax(0, 1fr) track keeps a long label from widening the form (it wraps). */
.upload__bar {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  align-items: center;
  gap: 4px;
  margin-top: 8px;
}
.upload__status {
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  color: var(--text-2);
  font-size: 12.5px;
}
.upload__status svg { flex: none; color: var(--rise); }
.upload__status span { overflow-wrap: anywhere; line-height: 1.35; }
.upload__action {
  display: inline-flex;
  align-items: center;
  gap: 5px;
  min-height: 36px;
  padding: 6px 10px;
  border: 0;
  border-radius: 8px;
  background: none;
  color: var(--gold);
  font-size: 13px;
  font-weight: 600;
}
.upload__action:active { background: var(--bg-raised-2); }
.upload__action--danger { color: #ff4d86; }
.upload__action:disabled { color: var(--text-3); }
`;
