import { Descriptions, Space, Typography } from 'antd';
import type { KycReviewRow } from '../../../api/queries';
import { FileGallery } from '../../../components/files';
import { AccountTypeTag } from '../../../components/tags';
import { t } from '../../../i18n';
import styles from '../reviews.module.css';
import { idTypeLabel, LinksExpireNote, none, SectionTitle } from './shared';

type Company = NonNullable<KycReviewRow['company']>;

function CompanyDetails({ company }: { company: Company }) {
  return (
    <div>
      <SectionTitle>{t('kyc.company')}</SectionTitle>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'companyName', label: t('customer.companyName'), children: company.companyName || none },
          { key: 'licenceNumber', label: t('customer.licenceNumber'), children: company.licenceNumber || none },
          { key: 'officeAddress', label: t('customer.officeAddress'), children: company.officeAddress || none },
          {
            key: 'placeOfRegistration',
            label: t('customer.placeOfRegistration'),
            children: company.placeOfRegistration || none,
          },
          {
            key: 'corporateBankAccount',
            label: t('customer.corporateBankAccount'),
            children: company.corporateBankAccount || none,
          },
          { key: 'officerName', label: t('customer.officerName'), children: company.officerName || none },
          { key: 'officerIdType', label: t('customer.officerIdType'), children: idTypeLabel(company.officerIdType) },
          { key: 'officerIdNumber', label: t('customer.officerIdNumber'), children: company.officerIdNumber || none },
        ]}
      />
    </div>
  );
}

export function KycDetails({ row }: { row: KycReviewRow }) {
  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'name', label: t('kyc.name'), children: `${row.firstName} ${row.lastName}`.trim() || none },
          {
            key: 'accountType',
            label: t('kyc.accountType'),
            children: <AccountTypeTag accountType={row.accountType} />,
          },
          { key: 'idType', label: t('kyc.idType'), children: idTypeLabel(row.idType) },
          {
            key: 'idNumber',
            label: t('kyc.idNumber'),
            children: <Typography.Text copyable>{row.idNumber}</Typography.Text>,
          },
          { key: 'country', label: t('kyc.country'), children: row.country || none },
        ]}
      />
      {row.company ? <CompanyDetails company={row.company} /> : null}
      <div>
        <SectionTitle>{t('kyc.documents')}</SectionTitle>
        <FileGallery files={row.files} width={300} height={200} />
        <LinksExpireNote />
      </div>
    </Space>
  );
}
