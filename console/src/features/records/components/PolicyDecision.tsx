import { Status } from '../../../components/ui';

const EFFECTS = { allow: 'Proceeds at once', require_approval: 'Needs approval', deny: 'Refused by policy' } as const;

/** The policy's decision on an intended operation, as the review before confirming shows it. */
export function PolicyDecision({ decision }: { decision: { effect: keyof typeof EFFECTS; rule_name?: string | null } | null | undefined }) {
  if (!decision) return <>No rule applies: proceeds at once</>;
  return (
    <>
      <Status value={decision.effect} /> {EFFECTS[decision.effect]}
      {decision.rule_name ? ` (rule ${decision.rule_name})` : ''}
    </>
  );
}
