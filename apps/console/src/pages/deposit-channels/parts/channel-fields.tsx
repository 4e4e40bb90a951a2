import { Card, Col, Form, Input, InputNumber, Row } from 'antd';
import { t } from '../../../i18n';
import styles from '../deposit-channels.module.css';
import { required } from '../form';

/** Where a crypto channel is paid: network, address and the confirmations before crediting. */
export function CryptoFields() {
  return (
    <Card size="small" title={t('channelType.crypto')} className={styles.section}>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="network" label={t('channels.network')} rules={required(t('channels.networkRequired'))}>
            <Input placeholder={t('channels.networkPlaceholder')} maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="address" label={t('channels.cryptoAddress')} rules={required(t('channels.addressRequired'))}>
            <Input maxLength={120} className={styles.mono} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="confirmations" label={t('channels.confirmations')} extra={t('channels.confirmationsHelp')}>
            <InputNumber min={0} max={100} precision={0} className={styles.fullWidth} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** Where a bank channel is paid. */
export function BankFields() {
  return (
    <Card size="small" title={t('channelType.bank')} className={styles.section}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name={['bank', 'bankName']}
            label={t('channels.bankName')}
            rules={required(t('channels.fieldRequired'))}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['bank', 'accountName']}
            label={t('channels.accountName')}
            rules={required(t('channels.fieldRequired'))}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item name={['bank', 'iban']} label={t('channels.iban')} rules={required(t('channels.fieldRequired'))}>
            <Input maxLength={42} className={styles.mono} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name={['bank', 'swift']} label={t('channels.swift')} rules={required(t('channels.fieldRequired'))}>
            <Input maxLength={11} className={styles.mono} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name={['bank', 'bankAddress']}
            label={t('channels.bankAddress')}
            rules={required(t('channels.fieldRequired'))}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
