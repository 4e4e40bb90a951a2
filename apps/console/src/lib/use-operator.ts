import { useOutletContext } from 'react-router';
import type { Operator } from '../api/queries';

/** The signed-in operator, provided by the layout to every page inside it. */
export function useOperator(): Operator {
  return useOutletContext<Operator>();
}
