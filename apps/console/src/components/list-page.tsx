import {
  Button,
  type ButtonProps,
  Empty,
  Flex,
  Input,
  Table,
  type TableColumnsType,
  type TableProps,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import type { PageParams } from '../api/keys';
import { t } from '../i18n';
import { PAGE_SIZES } from '../lib/use-page-params';
import { ErrorAlert } from './error-alert';
import styles from './list-page.module.css';

/** Fetches `query` again now, showing that it is at it. */
export function RefreshButton({
  query,
  size,
}: {
  query: { refetch: () => unknown; isRefetching: boolean };
  size?: ButtonProps['size'];
}) {
  return (
    <Button size={size} onClick={() => query.refetch()} loading={query.isRefetching}>
      {t('common.refresh')}
    </Button>
  );
}

/** Title, an optional hint and an optional search box above a list. */
export function ListHeader({
  title,
  hint,
  search,
  extra,
}: {
  title: string;
  hint?: string;
  search?: { value: string; placeholder: string; onSearch: (q: string) => void };
  extra?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-end" gap={16} wrap className={styles.section}>
      <div>
        <Typography.Title level={3} className={styles.flush}>
          {title}
        </Typography.Title>
        {hint ? (
          <Typography.Text type="secondary" className={styles.blockBelow}>
            {hint}
          </Typography.Text>
        ) : null}
      </div>
      <Flex gap={8} align="center">
        {search ? <SearchBox {...search} /> : null}
        {extra}
      </Flex>
    </Flex>
  );
}

function SearchBox({
  value,
  placeholder,
  onSearch,
}: {
  value: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  // Follow the URL when it changes from elsewhere (back button, menu).
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(e) => setText(e.target.value)}
      onSearch={(q) => onSearch(q.trim())}
      className={styles.width340}
      enterButton
    />
  );
}

/** What an empty table says: still loading, failed (the alert above explains), or truly empty. */
export function ListEmpty({ query, text }: { query: { isPending: boolean; isError: boolean }; text: string }) {
  if (query.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')} />;
  if (query.isPending) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loading')} />;
  return <Empty description={text} />;
}

/** What ListTable needs of a list query (a react-query result of `{ list, total }`). */
interface ListQuery<Row> {
  data?: { list: Row[]; total: number };
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * A server-paged list: the load error (with retry) above a table whose page and page size live
 * in the URL (`usePageParams`). Rows are keyed by their `id`.
 */
export function ListTable<Row extends object>({
  query,
  params,
  setParams,
  columns,
  emptyText,
  onRow,
  scrollX = 1000,
  rowKey = 'id',
}: {
  query: ListQuery<Row>;
  params: PageParams;
  setParams: (next: PageParams) => void;
  columns: TableColumnsType<Row>;
  /** Shown when the list is truly empty. */
  emptyText: string;
  onRow?: TableProps<Row>['onRow'];
  /** The width below which the table scrolls sideways instead of squeezing its columns. */
  scrollX?: number;
  /** The field that tells rows apart (`id` unless the rows have none). */
  rowKey?: string;
}) {
  return (
    <>
      {query.isError ? <ErrorAlert error={query.error} onRetry={() => query.refetch()} /> : null}
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending && query.isFetching ? true : query.isPlaceholderData}
        onRow={onRow}
        locale={{ emptyText: <ListEmpty query={query} text={emptyText} /> }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n: number) => t('common.total', { n }),
          onChange: (page, pageSize) => setParams({ page, pageSize }),
        }}
        scroll={{ x: scrollX }}
      />
    </>
  );
}
