/**
 * Invite friends (SPEC §2 profile/share): the customer's invitation link as a QR code, to copy or to share (the Web
 * Share API where the browser has it), and how many people signed up with it. There is no reward or commission:
 * the app publishes no referral terms, and the screen says so (docs/decisions.md "Referral").
 */
import { useTranslation } from 'react-i18next';
import { useReferralsQuery } from '../../api/user';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { QrCode } from '../../components/QrCode';
import { QueryBoundary } from '../../components/States';
import { copyText } from '../../lib/clipboard';
import { toastFailure, toastSuccess } from '../../lib/toast';
import './share.css';

/** The sign-up screen with the code filled in, at this app's own address (the hash router's path after '#'). */
export const inviteLink = (code: string, location: Pick<Location, 'origin' | 'pathname'> = window.location) =>
  `${location.origin}${location.pathname}#${paths.register({ invite: code })}`;

function Invitation({ code, signedUp, verified }: { code: string; signedUp: number; verified: number }) {
  const { t } = useTranslation();
  const link = inviteLink(code);
  const canShare = typeof navigator.share === 'function';
  const copy = async (text: string) => {
    if (await copyText(text)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('share.shareTitle'), text: t('share.shareText', { code }), url: link });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy(link);
    }
  };
  return (
    <>
      <p className="page-lead">{t('share.lead')}</p>
      <section className="share-card" data-testid="share-card">
        <QrCode value={link} size={184} title={t('share.qrTitle')} className="share-card__qr" data-testid="share-qr" />
        <p className="share-card__label">{t('share.codeLabel')}</p>
        <p className="share-card__code" data-testid="share-code">
          {code}
        </p>
        <p className="share-card__link" data-testid="share-link">
          {link}
        </p>
        <div className="share-card__actions">
          <Button block color="primary" onClick={() => copy(link)} data-testid="share-copy-link">
            {t('share.copyLink')}
          </Button>
          {canShare ? (
            <Button block fill="outline" onClick={share} data-testid="share-native">
              {t('share.share')}
            </Button>
          ) : (
            <Button block fill="outline" onClick={() => copy(code)} data-testid="share-copy-code">
              {t('share.copyCode')}
            </Button>
          )}
        </div>
      </section>
      <dl className="share-stats" data-testid="share-stats">
        <div>
          <dt>{t('share.signedUp')}</dt>
          <dd>{signedUp}</dd>
        </div>
        <div>
          <dt>{t('share.verified')}</dt>
          <dd>{verified}</dd>
        </div>
      </dl>
      <p className="form-hint" data-testid="share-terms">
        {t('share.noReward')}
      </p>
    </>
  );
}

export function SharePage() {
  const referrals = useReferralsQuery();
  return (
    <Page>
      <QueryBoundary query={referrals}>
        {(data) => <Invitation code={data.invitationCode} signedUp={data.signedUp} verified={data.verified} />}
      </QueryBoundary>
    </Page>
  );
}
