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
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import { strings } from '../strings';

const t = strings.customer;
const none = strings.common.none;

/** Shows a value, or a dash for null and empty strings. */
function show(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? none : value;
}

function labelOf(labels: Record<string, string>, key: string): string {
  return labels[key] ?? key;
}

export function CustomerPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const customer = useCustomer(id);
  const operator = useOperator();
  const navigate = useNavigate();
  const location = useLocation();
  useTitle(customer.data ? t.title(customer.data.user.userId) : strings.customers.title);

  const back = (
    // Back to the list page it came from (with its search and page), or to the list if opened directly.
    <Button
      onClick={() => (location.key === 'default' ? navigate('/customers') : navigate(-1))}
      style={{ marginBottom: 16 }}
    >
      {strings.common.back}
    </Button>
  );

  if (!valid || (customer.isError && isNotFound(customer.error))) {
    return (
      <Result
        status="404"
        title={t.notFound}
        extra={
          <Link to="/customers">
            <Button type="primary">{t.backToList}</Button>
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
          title={strings.common.loadFailed}
          subTitle={errorMessage(customer.error)}
          extra={<Button onClick={() => customer.refetch()}>{strings.common.retry}</Button>}
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
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t.title(user.userId)}
        </Typography.Title>
        <AccountTypeTag accountType={user.accountType} />
        <ReviewStatusTag status={user.kycStatus} />
      </Flex>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t.profile}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered items={profileItems(user)} />
        </Card>
        {user.company ? (
          <Card title={t.company}>
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
        <Card title={t.network}>
          <Descriptions
            column={{ xs: 1, md: 3 }}
            size="small"
            bordered
            items={[
              {
                key: 'referrer',
                label: t.referrer,
                children: referrer ? (
                  <Link to={`/customers/${referrer.id}`}>{referrer.userId}</Link>
                ) : (
                  <Typography.Text type="secondary">{t.noReferrer}</Typography.Text>
                ),
              },
              { key: 'referrals', label: t.referrals, children: referrals },
              { key: 'sessions', label: t.activeSessions, children: activeSessions },
            ]}
          />
        </Card>
        <Card
          title={t.identity}
          extra={
            user.kycStatus === ReviewStatus.Pending ? (
              <Link to={`/kyc?q=${encodeURIComponent(user.userId)}`}>{t.reviewInQueue}</Link>
            ) : null
          }
        >
          {kyc.length === 0 ? (
            <Empty description={t.noSubmissions} />
          ) : (
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Alert type="info" showIcon title={t.linksExpire} />
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
    { key: 'id', label: t.internalId, children: user.id },
    { key: 'userId', label: t.userId, children: user.userId },
    { key: 'email', label: t.email, children: <Typography.Text copyable>{user.email}</Typography.Text> },
    { key: 'phone', label: t.phone, children: show(user.phone) },
    { key: 'firstName', label: t.firstName, children: show(user.firstName) },
    { key: 'lastName', label: t.lastName, children: show(user.lastName) },
    { key: 'country', label: t.country, children: show(user.country) },
    { key: 'address', label: t.address, children: show(user.addressLine) },
    { key: 'city', label: t.city, children: show(user.city) },
    { key: 'postalCode', label: t.postalCode, children: show(user.postalCode) },
    { key: 'nationalNumber', label: t.nationalNumber, children: show(user.nationalNumber) },
    { key: 'invitationCode', label: t.invitationCode, children: show(user.invitationCode) },
    { key: 'creditScore', label: t.creditScore, children: user.creditScore },
    { key: 'accountType', label: t.accountType, children: <AccountTypeTag accountType={user.accountType} /> },
    { key: 'kycStatus', label: t.verification, children: <ReviewStatusTag status={user.kycStatus} /> },
    ...(user.kycReason ? [{ key: 'kycReason', label: t.verificationReason, children: user.kycReason }] : []),
    {
      key: 'payPassword',
      label: t.payPassword,
      children: user.hasPayPassword ? strings.common.yes : strings.common.no,
    },
    { key: 'language', label: t.language, children: show(user.language) },
    { key: 'registered', label: t.registered, children: formatTime(user.createTimeTimestamp) },
  ];
}

function companyItems(company: NonNullable<CustomerDetail['user']['company']>): DescriptionsProps['items'] {
  return [
    { key: 'companyName', label: t.companyName, children: show(company.companyName) },
    { key: 'licenceNumber', label: t.licenceNumber, children: show(company.licenceNumber) },
    { key: 'officeAddress', label: t.officeAddress, children: show(company.officeAddress) },
    { key: 'placeOfRegistration', label: t.placeOfRegistration, children: show(company.placeOfRegistration) },
    { key: 'corporateBankAccount', label: t.corporateBankAccount, children: show(company.corporateBankAccount) },
    { key: 'officerName', label: t.officerName, children: show(company.officerName) },
    {
      key: 'officerIdType',
      label: t.officerIdType,
      children: labelOf(strings.idType, company.officerIdType),
    },
    { key: 'officerIdNumber', label: t.officerIdNumber, children: show(company.officerIdNumber) },
  ];
}

function Submission({ submission }: { submission: KycSubmission }) {
  return (
    <Card
      type="inner"
      size="small"
      title={
        <Space>
          {t.submission(submission.id)}
          <ReviewStatusTag status={submission.status} />
        </Space>
      }
      data-testid={`kyc-${submission.id}`}
    >
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        size="small"
        items={[
          { key: 'idType', label: t.idType, children: labelOf(strings.idType, submission.idType) },
          { key: 'idNumber', label: t.idNumber, children: show(submission.idNumber) },
          {
            key: 'name',
            label: t.fullName,
            children: show(`${submission.firstName} ${submission.lastName}`.trim()),
          },
          { key: 'country', label: t.country, children: show(submission.country) },
          { key: 'submitted', label: t.submittedAt, children: formatTime(submission.createTimeTimestamp) },
          {
            key: 'reviewed',
            label: t.reviewedAt,
            children: formatTime(submission.reviewTimeTimestamp, t.notReviewed),
          },
          ...(submission.reason ? [{ key: 'reason', label: t.reason, children: submission.reason }] : []),
        ]}
      />
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 8px' }}>
        {t.documents}
      </Typography.Text>
      <FileGallery files={submission.files} />
    </Card>
  );
}
