/** A table cell naming a product: its name in bold over a secondary line (its code, and what else identifies it). */
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function NameCell({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <>
      <Typography.Text strong>{name}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{detail}</Typography.Text>
    </>
  );
}
