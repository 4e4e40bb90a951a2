import { Alert, Flex, Modal, Tag, Typography } from 'antd';
import { errorMessage } from '../../../api/client';
import { lookup, t } from '../../../i18n';
import { formatSigned, walletLabel } from '../../../lib/money';
import styles from '../approvals.module.css';
import { signed } from '../rules';
import type { Decisions } from '../use-decisions';

/** The confirmation before the journal entry is posted: what, to whom, why, and who proposed it. */
export function ApproveModal({ decisions }: { decisions: Decisions }) {
  const { approving, decide } = decisions;
  const proposal = approving?.proposal;
  return (
    <Modal
      open={approving !== null}
      title={proposal ? t('approvals.approveTitle', { id: proposal.id }) : ''}
      okText={t('approvals.approveOk')}
      okButtonProps={{ loading: decide.isPending, danger: proposal?.direction === 'debit' }}
      cancelText={t('review.cancel')}
      onOk={decisions.approve}
      onCancel={decisions.stopApproving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {proposal ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph className={styles.flush}>
            {t('approvals.approveBody', {
              amount: formatSigned(signed(proposal), proposal.currency),
              wallet: walletLabel(proposal.walletType),
              userId: proposal.userId,
            })}
          </Typography.Paragraph>
          <Flex gap={8} align="center">
            <Tag>{lookup('adjustmentCategory', proposal.category) ?? proposal.category}</Tag>
            <Typography.Text type="secondary">{`${t('approvals.maker')}: ${proposal.maker}`}</Typography.Text>
          </Flex>
          <Alert
            type="warning"
            showIcon
            title={t('money.adjustConfirmReason')}
            description={<Typography.Text italic>“{proposal.reason}”</Typography.Text>}
          />
          {decide.isError ? (
            <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(decide.error)} />
          ) : null}
        </Flex>
      ) : null}
    </Modal>
  );
}
