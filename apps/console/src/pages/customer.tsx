/**
 * One customer: profile, company, wallets, positions and orders (read-only), ledger (admins may post an
 * adjustment), referrals and sessions, identity submissions.
 */
import { ReviewStatus, roleAtLeast } from '@beurs/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isNotFound } from '../api/client';
import { type CustomerDetail, type KycSubmission, useCustomer } from '../api/queries';
import { LedgerCard, ProposeAdjustmentCard, WalletsCard } from '../components/customer-money';
import { TradingCard } from '../components/customer-trading';
import { FileGallery } from '../components/files';
import { AccountTypeTag, ReviewStatusTag } from '../components/tags';
import { lookup, t } from '../i18n';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './customer.module.css';

const none = t('common.none');

/** Shows a value, or a dash for null and empty strings. */
function show(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? none : value;
}

export function CustomerPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const customer = useCustomer(id);
  const operator = useOperator();
  const navigate = useNavigate();
  const location = useLocation();
  useTitle(customer.data ? t('customer.title', { userId: customer.data.user.userId }) : t('customers.title'));

  const back = (
    // Back to the list page it came from (with its search and page), or to the list if opened directly.
    <Button
      onClick={() => (location.key === 'default' ? navigate('/customers') : navigate(-1))}
      className={styles.section}
    >
      {t('common.back')}
    </Button>
  );

  if (!valid || (customer.isError && isNotFound(customer.error))) {
    return (
      <Result
        status="404"
        title={t('customer.notFound')}
        extra={
          <Link to="/customers">
            <Button type="primary">{t('customer.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (customer.isError) {
    return (
      <>
        {back}
        <Result
          status="error"
          title={t('common.loadFailed')}
          subTitle={errorMessage(customer.error)}
          extra={<Button onClick={() => customer.refetch()}>{t('common.retry')}</Button>}
        />
      </>
    );
  }
  if (customer.isPending) {
    return (
      <>
        {back}
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }

  const { user, referrer, referrals, kyc, activeSessions } = customer.data;
  return (
    <>
      {back}
      <Flex align="center" gap={12} className={styles.section}>
        <Typography.Title level={3} className={styles.flush}>
          {t('customer.title', { userId: user.userId })}
        </Typography.Title>
        <AccountTypeTag accountType={user.accountType} />
        <ReviewStatusTag status={user.kycStatus} />
      </Flex>
      <Space orientation="vertical" size={16} className={styles.fullWidth}>
        <Card title={t('customer.profile')}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered items={profileItems(user)} />
        </Card>
        {user.company ? (
          <Card title={t('customer.company')}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered items={companyItems(user.company)} />
          </Card>
        ) : null}
        {roleAtLeast(operator.role, 'admin') ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <WalletsCard customerId={user.id} />
            </Col>
            <Col xs={24} xl={10}>
              <ProposeAdjustmentCard customerId={user.id} userId={user.userId} />
            </Col>
          </Row>
        ) : (
          // Reviewers read balances; adjustments are for admins (the server refuses them too).
          <WalletsCard customerId={user.id} />
        )}
        <TradingCard customerId={user.id} />
        <LedgerCard customerId={user.id} />
        <Card title={t('customer.network')}>
          <Descriptions
            column={{ xs: 1, md: 3 }}
            size="small"
            bordered
            items={[
              {
                key: 'referrer',
                label: t('customer.referrer'),
                children: referrer ? (
                  <Link to={`/customers/${referrer.id}`}>{referrer.userId}</Link>
                ) : (
                  <Typography.Text type="secondary">{t('customer.noReferrer')}</Typography.Text>
                ),
              },
              { key: 'referrals', label: t('customer.referrals'), children: referrals },
              { key: 'sessions', label: t('customer.activeSessions'), children: activeSessions },
            ]}
          />
        </Card>
        <Card
          title={t('customer.identity')}
          extra={
            user.kycStatus === ReviewStatus.Pending ? (
              <Link to={`/kyc?q=${encodeURIComponent(user.userId)}`}>{t('customer.reviewInQueue')}</Link>
            ) : null
          }
        >
          {kyc.length === 0 ? (
            <Empty description={t('customer.noSubmissions')} />
          ) : (
            <Space orientation="vertical" size={16} className={styles.fullWidth}>
              <Alert type="info" showIcon title={t('customer.linksExpire')} />
              {kyc.map((submission) => (
                <Submission key={submission.id} submission={submission} />
              ))}
            </Space>
          )}
        </Card>
      </Space>
    </>
  );
}

function profileItems(user: CustomerDetail['user']): DescriptionsProps['items'] {
  return [
    { key: 'id', label: t('customer.internalId'), children: user.id },
    { key: 'userId', label: t('customer.userId'), children: user.userId },
    { key: 'email', label: t('customer.email'), children: <Typography.Text copyable>{user.email}</Typography.Text> },
    { key: 'phone', label: t('customer.phone'), children: show(user.phone) },
    { key: 'firstName', label: t('customer.firstName'), children: show(user.firstName) },
    { key: 'lastName', label: t('customer.lastName'), children: show(user.lastName) },
    { key: 'country', label: t('customer.country'), children: show(user.country) },
    { key: 'address', label: t('customer.address'), children: show(user.addressLine) },
    { key: 'city', label: t('customer.city'), children: show(user.city) },
    { key: 'postalCode', label: t('customer.postalCode'), children: show(user.postalCode) },
    { key: 'nationalNumber', label: t('customer.nationalNumber'), children: show(user.nationalNumber) },
    { key: 'invitationCode', label: t('customer.invitationCode'), children: show(user.invitationCode) },
    { key: 'creditScore', label: t('customer.creditScore'), children: user.creditScore },
    {
      key: 'accountType',
      label: t('customer.accountType'),
      children: <AccountTypeTag accountType={user.accountType} />,
    },
    { key: 'kycStatus', label: t('customer.verification'), children: <ReviewStatusTag status={user.kycStatus} /> },
    ...(user.kycReason
      ? [{ key: 'kycReason', label: t('customer.verificationReason'), children: user.kycReason }]
      : []),
    {
      key: 'payPassword',
      label: t('customer.payPassword'),
      children: user.hasPayPassword ? t('common.yes') : t('common.no'),
    },
    { key: 'language', label: t('customer.language'), children: show(user.language) },
    { key: 'registered', label: t('customer.registered'), children: formatTime(user.createTimeTimestamp) },
  ];
}

function companyItems(company: NonNullable<CustomerDetail['user']['company']>): DescriptionsProps['items'] {
  return [
    { key: 'companyName', label: t('customer.companyName'), children: show(company.companyName) },
    { key: 'licenceNumber', label: t('customer.licenceNumber'), children: show(company.licenceNumber) },
    { key: 'officeAddress', label: t('customer.officeAddress'), children: show(company.officeAddress) },
    {
      key: 'placeOfRegistration',
      label: t('customer.placeOfRegistration'),
      children: show(company.placeOfRegistration),
    },
    {
      key: 'corporateBankAccount',
      label: t('customer.corporateBankAccount'),
      children: show(company.corporateBankAccount),
    },
    { key: 'officerName', label: t('customer.officerName'), children: show(company.officerName) },
    {
      key: 'officerIdType',
      label: t('customer.officerIdType'),
      children: lookup('idType', company.officerIdType) ?? company.officerIdType,
    },
    { key: 'officerIdNumber', label: t('customer.officerIdNumber'), children: show(company.officerIdNumber) },
  ];
}

function Submission({ submission }: { submission: KycSubmission }) {
  return (
    <Card
      type="inner"
      size="small"
      title={
        <Space>
          {t('customer.submission', { n: submission.id })}
          <ReviewStatusTag status={submission.status} />
        </Space>
      }
      data-testid={`kyc-${submission.id}`}
    >
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        size="small"
        items={[
          {
            key: 'idType',
            label: t('customer.idType'),
            children: lookup('idType', submission.idType) ?? submission.idType,
          },
          { key: 'idNumber', label: t('customer.idNumber'), children: show(submission.idNumber) },
          {
            key: 'name',
            label: t('customer.fullName'),
            children: show(`${submission.firstName} ${submission.lastName}`.trim()),
          },
          { key: 'country', label: t('customer.country'), children: show(submission.country) },
          { key: 'submitted', label: t('customer.submittedAt'), children: formatTime(submission.createTimeTimestamp) },
          {
            key: 'reviewed',
            label: t('customer.reviewedAt'),
            children: formatTime(submission.reviewTimeTimestamp, t('customer.notReviewed')),
          },
          ...(submission.reason ? [{ key: 'reason', label: t('customer.reason'), children: submission.reason }] : []),
        ]}
      />
      <Typography.Text strong className={styles.sectionLabel}>
        {t('customer.documents')}
      </Typography.Text>
      <FileGallery files={submission.files} />
    </Card>
  );
}
