import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlanRequest, PlanRequestStatus, PlanState } from '@atrium/contracts';
import { describeChanges } from '../lib/plan-changes';

const REQUEST_COLOURS: Record<PlanRequestStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' };
const STATE_COLOURS: Record<PlanState, string> = { active: 'success', expiring: 'warning', expired: 'error' };

/** A request's status as a coloured tag (pending, approved, rejected, withdrawn). */
export function PlanRequestStatusTag({ status }: { status: PlanRequestStatus }) {
  const { t } = useTranslation('plans');
  return <Tag color={REQUEST_COLOURS[status]}>{t(`requestStatus.${status}`)}</Tag>;
}

/** Where a plan (or its storage) stands: active, ending within 30 days, ended. */
export function PlanStateTag({ state }: { state: PlanState }) {
  const { t } = useTranslation('plans');
  return <Tag color={STATE_COLOURS[state]}>{t(`state.${state}`)}</Tag>;
}

/** A request's changes, one line each. */
export function PlanChangesList({ request }: { request: Pick<PlanRequest, 'changes'> }) {
  const { t } = useTranslation('plans');
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {describeChanges(t, request.changes).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
