import { isProPlan, limitsForPlan } from '@vocal/settings-model';

/** What a plan allows while recording: a length limit (null: none) and pausing. */
export type RecordingPlan = {
  maxRecordingSeconds: number | null;
  pausing: boolean;
  /** The plan's name where the person has one ("Free"), for "Stopped at the 1-minute limit of Free". */
  name?: string;
};

/** The recording rules of a user's plan number (the user's `plan` field), as the server checks them. */
export function recordingPlanFor(plan: number): RecordingPlan {
  const limits = limitsForPlan(plan);
  return { maxRecordingSeconds: limits.maxRecordingSeconds, pausing: limits.pausing, name: isProPlan(plan) ? 'Pro' : 'Free' };
}
