/**
 * A new conversation with customer service (SPEC §7 /userCenter/apply/service; docs/support.md): a topic (preset by
 * the screen that links here, e.g. block-trade permission), a subject, a message and optionally a picture. Checked
 * here as the server checks it, so a refused form sends nothing; sent, the conversation opens.
 */
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportTopic } from '@beurs/contracts';
import { Input, TextArea } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartSupportMutation } from '../../api/support';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { ImageUpload } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import './support.css';

const isTopic = (value: string | undefined): value is SupportTopic =>
  (SUPPORT_TOPICS as readonly string[]).includes(value ?? '');

export function ServiceNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQueryParams<'topic'>();
  const [topic, setTopic] = useState<SupportTopic>(isTopic(query.topic) ? query.topic : 'general');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [fileId, setFileId] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const start = useStartSupportMutation();

  const subjectProblem = !subject.trim()
    ? t('validation.enterTitle')
    : subject.trim().length > SUPPORT_LIMITS.subjectMax
      ? t('validation.nameTooLong')
      : null;
  const textProblem =
    !text.trim() && !fileId
      ? t('validation.enterText')
      : text.trim().length > SUPPORT_LIMITS.textMax
        ? t('validation.textTooLong')
        : null;

  const submit = () => {
    setAttempted(true);
    if (subjectProblem || textProblem || uploading) return;
    start.mutate(
      { topic, subject: subject.trim(), ...(text.trim() ? { text: text.trim() } : {}), ...(fileId ? { fileId } : {}) },
      { onSuccess: (thread) => navigate(paths.supportChat({ id: thread.conversation.id }), { replace: true }) },
    );
  };

  return (
    <Page>
      <form
        className="card support-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ChoiceChips
          label={t('support.topic')}
          options={SUPPORT_TOPICS.map((value) => ({ value, label: t(`support.topics.${value}`) }))}
          value={topic}
          onChange={setTopic}
          testIdPrefix="support-topic-"
        />
        <label className="support-label" htmlFor="support-subject">
          {t('support.subject')}
        </label>
        <Input
          id="support-subject"
          className="support-input"
          value={subject}
          onChange={setSubject}
          placeholder={t('support.subjectPlaceholder')}
          data-testid="support-subject"
        />
        {attempted && subjectProblem && (
          <p className="support-error" role="alert" data-testid="support-subject-error">
            {subjectProblem}
          </p>
        )}
        <label className="support-label" htmlFor="support-text">
          {t('support.message')}
        </label>
        <TextArea
          id="support-text"
          className="support-input"
          value={text}
          onChange={setText}
          rows={5}
          placeholder={t('support.messagePlaceholder')}
          data-testid="support-text"
        />
        {attempted && textProblem && (
          <p className="support-error" role="alert" data-testid="support-text-error">
            {textProblem}
          </p>
        )}
        <ImageUpload
          label={t('support.picture')}
          hint={t('support.attachHint')}
          value={fileId}
          onChange={setFileId}
          onBusyChange={setUploading}
          data-testid="support-image"
        />
        <Button
          type="submit"
          color="primary"
          block
          shape="rounded"
          loading={start.isPending}
          disabled={uploading}
          data-testid="support-submit"
        >
          {t('support.send')}
        </Button>
      </form>
    </Page>
  );
}
