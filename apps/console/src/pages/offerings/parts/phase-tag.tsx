import type { OfferingPhase } from '@beurs/contracts';
import { Tag } from 'antd';
import { lookup } from '../../../i18n';

const PHASE_COLOR: Record<OfferingPhase, string> = {
  upcoming: 'blue',
  open: 'green',
  closed: 'gold',
  allotted: 'purple',
  listed: 'default',
  cancelled: 'red',
};

export const phaseLabel = (phase: string) => lookup('offerings.phases', phase) ?? phase;

export function PhaseTag({ phase }: { phase: OfferingPhase }) {
  return (
    <Tag color={PHASE_COLOR[phase]} data-phase={phase}>
      {phaseLabel(phase)}
    </Tag>
  );
}
