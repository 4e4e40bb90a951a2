import { Empty, Flex, Input, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { strings } from '../strings';

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
    <Flex justify="space-between" align="flex-end" gap={16} wrap style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {hint ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
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
      style={{ width: 340 }}
      enterButton
    />
  );
}

/** What an empty table says: still loading, failed (the alert above explains), or truly empty. */
export function ListEmpty({ query, text }: { query: { isPending: boolean; isError: boolean }; text: string }) {
  if (query.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={strings.common.loadFailed} />;
  if (query.isPending) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={strings.common.loading} />;
  return <Empty description={text} />;
}
