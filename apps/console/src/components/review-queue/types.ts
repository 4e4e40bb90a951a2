import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { QueueKind } from '../../api/keys';
import type { QueueRows } from '../../api/queries';

/** The texts that depend on the row; the others are the catalogue's section of the queue's kind. */
export interface QueueText<Row> {
  approveConfirmBody: (row: Row) => string;
  /** The approve button's label when "Approve" is not the right word (withdrawals: "Mark paid"). */
  approveLabel?: string;
  approved: (row: Row) => string;
  rejected: (row: Row) => string;
}

/** An approval that must carry a reference (a withdrawal's payout reference), asked for in the confirmation. */
export interface ApproveReference {
  label: string;
  placeholder: string;
  hint: string;
}

export interface QueueConfig<K extends QueueKind> {
  kind: K;
  text: QueueText<QueueRows[K]>;
  /** The columns between the customer and the status. */
  columns: TableColumnsType<QueueRows[K]>;
  /** What the drawer shows between the customer and the review. */
  details: (row: QueueRows[K]) => ReactNode;
  /** Wider drawers for documents. */
  drawerWidth?: number;
  /** Status tabs after the three of every queue (withdrawals: cancelled by the customer). */
  extraTabs?: ReadonlyArray<{ status: 4; label: string }>;
  approveReference?: ApproveReference;
}
