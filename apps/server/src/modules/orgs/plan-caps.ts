import { PLAN_EXPIRY_NOTICE_DAYS, PLAN_FEATURES, type PlanFeature, type PlanState } from '@atrium/contracts';
import type { OrgSettings } from './org-settings.js';

/** The organisation toggles each plan feature caps (PLAN_FEATURES; decision 0151). */
export const PLAN_FEATURE_SETTINGS: Record<PlanFeature, readonly (keyof OrgSettings)[]> = {
  vocabulary_entries: ['vocabularyEntries'],
  team_teaching: ['orgTeamTeaching'],
  cloud_classroom: ['calendarCloudClassroom'],
  instruction_meeting: ['calendarInstructionMeeting'],
  online_office_preview: ['yzOfficePreview', 'aliyunOfficePreview', 'privateWpsPreview'],
};

/** What of a plan caps an organisation's settings. */
export interface PlanCaps {
  storageBytes: number;
  features: Partial<Record<PlanFeature, boolean>>;
  expiresAt: Date | null;
}

/** Where an end instant stands at `now`: past it `expired`, within the first notice threshold `expiring`, else (or none) `active`. */
export function stateOf(endsAt: Date | null, now: Date): PlanState {
  if (!endsAt) return 'active';
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= PLAN_EXPIRY_NOTICE_DAYS[0] * 86_400_000 ? 'expiring' : 'active';
}

/** Whether the plan includes `feature` at `now`: a feature it leaves out, or any once the plan has ended, is off. */
export function planIncludes(plan: PlanCaps, feature: PlanFeature, now: Date): boolean {
  return stateOf(plan.expiresAt, now) !== 'expired' && plan.features[feature] === true;
}

/**
 * The organisation's settings under its plan (null: no plan, unchanged): every toggle of a feature the plan does not
 * include (or of any feature once it ended) is off, and the organisation's storage quota is at most the plan's.
 */
export function capSettings(settings: OrgSettings, plan: PlanCaps | null, now = new Date()): OrgSettings {
  if (!plan) return settings;
  const capped: OrgSettings = { ...settings };
  for (const feature of PLAN_FEATURES) {
    if (planIncludes(plan, feature, now)) continue;
    for (const key of PLAN_FEATURE_SETTINGS[feature]) (capped as unknown as Record<string, unknown>)[key] = false;
  }
  const own = settings.orgStorageQuotaBytes;
  capped.orgStorageQuotaBytes = typeof own === 'number' && own > 0 ? Math.min(own, plan.storageBytes) : plan.storageBytes;
  return capped;
}
