/**
 * One conversation with customer service (docs/support.md): its messages, oldest first, the customer's on the right
 * with "Read" once an operator has read them; a composer sends text and pictures. Opening it, and every answer that
 * arrives over the live socket while it is open, marks the operators' messages read.
 */

import { isNotFound } from '@beurs/api-client';
import { SUPPORT_LIMITS, type SupportMessage, UPLOAD_MAX_BYTES } from '@beurs/contracts';
import { TextArea } from 'antd-mobile';
import '../../app/antdMobile';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUploadMutation } from '../../api/kyc';
import { useReadSupportMutation, useSendSupportMutation, useSupportThread } from '../../api/support';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { IMAGE_ACCEPT, typeOf } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import { useFormatters } from '../../lib/format';
import { toastFailure } from '../../lib/toast';
import './support.css';

function Bubble({ message: m }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const mine = m.from === 'customer';
  return (
    <li
      className={`support-bubble support-bubble--${mine ? 'mine' : 'theirs'}`}
      data-testid="support-message"
      data-from={m.from}
    >
      {!mine && (
        <span className="support-bubble__who">
          {t('support.serviceName')}
          {m.operatorName ? ` · ${m.operatorName}` : ''}
        </span>
      )}
      {m.text && <p className="support-bubble__text">{m.text}</p>}
      {m.image && (
        <a href={m.image.url} target="_blank" rel="noreferrer" className="support-bubble__image">
          <img src={m.image.url} alt={t('support.image')} loading="lazy" />
        </a>
      )}
      <span className="support-bubble__meta num">
        <time dateTime={new Date(m.createTimestamp).toISOString()}>{f.dateTime(m.createTimestamp)}</time>
        {mine && m.read && <span data-testid="support-message-read"> · {t('support.read')}</span>}
      </span>
    </li>
  );
}

function Composer({ id }: { id: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendSupportMutation(id);
  const upload = useUploadMutation('image');
  const fileInput = useRef<HTMLInputElement>(null);

  const sendText = () => {
    const value = text.trim();
    const refused = !value
      ? t('validation.enterText')
      : value.length > SUPPORT_LIMITS.textMax
        ? t('validation.textTooLong')
        : null;
    setProblem(refused);
    if (refused) return;
    send.mutate({ text: value }, { onSuccess: () => setText('') });
  };

  const sendImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_ACCEPT.split(',').includes(typeOf(file))) {
      toastFailure(t('errors.uploadType', { types: 'JPG, PNG, WebP, GIF' }));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      toastFailure(t('errors.uploadTooLarge', { n: Math.round(UPLOAD_MAX_BYTES / (1024 * 1024)) }));
      return;
    }
    upload.mutate(file, { onSuccess: (uploaded) => send.mutate({ fileId: uploaded.fileId }) });
  };

  return (
    <form
      className="support-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        sendText();
      }}
    >
      {problem && (
        <p className="support-error" role="alert" data-testid="support-reply-error">
          {problem}
        </p>
      )}
      <div className="support-composer__row">
        <button
          type="button"
          className="icon-button"
          aria-label={t('support.attachImage')}
          onClick={() => fileInput.current?.click()}
          disabled={upload.isPending || send.isPending}
          data-testid="support-attach"
        >
          <Icon name="top" size={18} />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          onChange={sendImage}
          data-testid="support-attach-input"
        />
        <TextArea
          className="support-composer__input"
          value={text}
          onChange={(value) => {
            setText(value);
            setProblem(null);
          }}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('support.replyPlaceholder')}
          aria-label={t('support.message')}
          data-testid="support-reply"
        />
        <Button type="submit" color="primary" size="small" loading={send.isPending} data-testid="support-reply-send">
          {t('support.send')}
        </Button>
      </div>
    </form>
  );
}

export function ServiceChatPage() {
  const { t } = useTranslation();
  const query = useQueryParams<'id'>();
  const id = Number(query.id);
  const valid = Number.isInteger(id) && id > 0;
  const thread = useSupportThread(valid ? id : undefined);
  const read = useReadSupportMutation(id);
  const end = useRef<HTMLLIElement>(null);
  const data = thread.data;
  // A malformed id, or one the server does not know for this customer (another customer's answers 404 too).
  const notFound = !valid || (thread.isError && isNotFound(thread.error));
  const newest = data?.messages.at(-1)?.id ?? 0;
  const unread = data?.conversation.unread ?? 0;

  // Read on open and whenever an answer arrives while the conversation is on screen.
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);
  useEffect(() => {
    if (newest) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  return (
    <Page title={data?.conversation.subject} footer={valid && data ? <Composer id={id} /> : undefined}>
      {notFound ? (
        <EmptyState
          icon="alert"
          title={t('support.notFound')}
          description={t('support.notFoundText')}
          action={
            <Link to={paths.support()} className="text-link">
              {t('support.allConversations')} ›
            </Link>
          }
        />
      ) : (
        <QueryBoundary query={thread}>
          {(data) => (
            <>
              <p className="support-thread__head">
                <span className="tag tag--neutral">{t(`support.topics.${data.conversation.topic}`)}</span>{' '}
                <span className="tag tag--gold" data-testid="support-status">
                  {t(`support.status.${data.conversation.status}`)}
                </span>
              </p>
              <ul className="support-thread" data-testid="support-thread" aria-live="polite">
                {data.messages.map((m) => (
                  <Bubble key={m.id} message={m} />
                ))}
                <li ref={end} aria-hidden="true" />
              </ul>
            </>
          )}
        </QueryBoundary>
      )}
    </Page>
  );
}
