import { DEFAULT_PLAN, PLAN_IDS, type PlanId } from '../../config/constants';

/** The `plan` query value, accepted only if rookie or pro; rookie otherwise. */
export function parsePlan(value: string | null | undefined): PlanId {
  return (PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as PlanId) : DEFAULT_PLAN;
}

export const PLAN_NAMES: Record<PlanId, string> = { rookie: 'Rookie', pro: 'Pro' };
