/**
 * The bond book (issue 16, docs/fixed-income.md "Console"): every bond customers hold or held, by maturity, with
 * holders, the face value held, coupons paid, redeemed and sold, the next date the coupons job owes its holders
 * something and the price now; totals per currency above. Read only: the universe comes from the seed, prices from
 * the curves and coupons from the job; operators have nothing to set.
 */
import { bonds } from '@beurs/contracts';
import { Card, Col, Row, Select, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { type ConsoleBond, useBondBook } from '../api/bonds';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { NameCell } from '../components/name-cell';
import { t } from '../i18n';
import { formatAmount, formatCount, formatDecimal } from '../lib/money';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import styles from './offerings/offerings.module.css';

type Issuer = (typeof bonds.BOND_ISSUERS)[number];
const isIssuer = (value: string | null): value is Issuer =>
  (bonds.BOND_ISSUERS as readonly string[]).includes(value ?? '');

const columns: TableColumnsType<ConsoleBond> = [
  {
    title: t('bonds.bond'),
    render: (_, b) => <NameCell name={b.name} detail={b.code} />,
  },
  { title: t('bonds.issuer'), render: (_, b) => <Tag>{t(`bonds.issuers.${b.issuer}`)}</Tag> },
  { title: t('bonds.coupon'), align: 'right', render: (_, b) => `${formatDecimal(b.couponRate, 3)} %` },
  { title: t('bonds.maturity'), dataIndex: 'maturityDate' },
  { title: t('bonds.holders'), align: 'right', render: (_, b) => formatCount(b.holders) },
  { title: t('bonds.faceHeld'), align: 'right', render: (_, b) => formatAmount(b.faceValue, b.currency) },
  { title: t('bonds.couponsPaid'), align: 'right', render: (_, b) => formatAmount(b.couponsPaid, b.currency) },
  { title: t('bonds.redeemed'), align: 'right', render: (_, b) => formatCount(b.redeemedQuantity) },
  { title: t('bonds.sold'), align: 'right', render: (_, b) => formatCount(b.soldQuantity) },
  { title: t('bonds.nextDue'), render: (_, b) => b.nextDueDate ?? t('common.none') },
  {
    title: t('bonds.priceNow'),
    align: 'right',
    render: (_, b) =>
      b.cleanPrice === null ? (
        <Typography.Text type="secondary">{t('bonds.notTraded')}</Typography.Text>
      ) : (
        <>
          {formatDecimal(b.cleanPrice, 3)}
          <br />
          <Typography.Text type="secondary">
            {t('bonds.yield', { value: formatDecimal(b.yield ?? '0', 3) })}
          </Typography.Text>
        </>
      ),
  },
];

export function BondsPage() {
  useTitle(t('bonds.title'));
  const [params, setParams] = usePageParams();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('issuer');
  const issuer = isIssuer(raw) ? raw : undefined;
  const query = useBondBook({ page: params.page, pageSize: params.pageSize, issuer });

  const chooseIssuer = (next: Issuer | undefined) => {
    const q = new URLSearchParams(search);
    if (next) q.set('issuer', next);
    else q.delete('issuer');
    q.delete('page');
    setSearch(q);
  };

  return (
    <>
      <ListHeader
        title={t('bonds.title')}
        hint={t('bonds.hint')}
        extra={
          <>
            <Select<Issuer>
              allowClear
              value={issuer}
              placeholder={t('bonds.allIssuers')}
              aria-label={t('bonds.issuer')}
              options={bonds.BOND_ISSUERS.map((i) => ({ value: i, label: t(`bonds.issuers.${i}`) }))}
              onChange={(next) => chooseIssuer(next)}
              className={styles.filter}
            />
            <RefreshButton query={query} />
          </>
        }
      />
      {query.data && query.data.totals.length > 0 ? (
        <Row gutter={[16, 16]} className={styles.section}>
          {query.data.totals.map((total) => (
            <Col key={total.currency} xs={24} md={12}>
              <Card size="small" title={t('bonds.totalsIn', { currency: total.currency })}>
                <Row gutter={16}>
                  <Col span={6}>
                    <Statistic title={t('bonds.holders')} value={formatCount(total.holders)} />
                  </Col>
                  <Col span={6}>
                    <Statistic title={t('bonds.faceHeld')} value={formatAmount(total.faceValue, total.currency)} />
                  </Col>
                  <Col span={6}>
                    <Statistic title={t('bonds.couponsPaid')} value={formatAmount(total.couponsPaid, total.currency)} />
                  </Col>
                  <Col span={6}>
                    <Statistic
                      title={t('bonds.redeemedFace')}
                      value={formatAmount(total.redeemedFaceValue, total.currency)}
                    />
                  </Col>
                </Row>
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <ListTable<ConsoleBond>
        query={query}
        params={params}
        setParams={setParams}
        columns={columns}
        rowKey="code"
        emptyText={t('bonds.empty')}
        scrollX={1400}
      />
    </>
  );
}
