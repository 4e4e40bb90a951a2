import { Tag, Typography } from 'antd';
import { lookup, t } from '../../../i18n';
import styles from '../reviews.module.css';

export const none = t('common.none');

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} className={styles.titleGap}>
      {children}
    </Typography.Title>
  );
}

export function idTypeLabel(idType: string): string {
  return lookup('idType', idType) ?? idType;
}

export function ChannelTypeTag({ type }: { type: string }) {
  return <Tag color={type === 'crypto' ? 'cyan' : 'blue'}>{lookup('channelType', type) ?? type}</Tag>;
}

/** The signed links to documents are short-lived. */
export function LinksExpireNote() {
  return (
    <Typography.Text type="secondary" className={styles.note}>
      {t('review.linksExpire')}
    </Typography.Text>
  );
}
