import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { ApproverRefBody, SubjectAttributionBody } from '../../schema/attribution';

export const GovernanceSettingsBody = z
  .object({
    id: Uuid.openapi({ description: 'The enterprise id.' }),
    resource: z.literal('governance_settings'),
    enterprise_ref: z.string(),
    policy_change_quorum: z.number().int().openapi({
      description:
        'Admins who must approve a policy change (activating a rule, editing or retiring an active rule, changing these settings, creating an identity provider or changing who can sign in with one); 0: changes apply at once.',
    }),
    approver_role_ref: z.string().openapi({ description: 'The role whose holders approve policy changes and new destinations (default: the platform role `enterprise-admin`).' }),
    change_ttl_seconds: z.number().int().openapi({ description: 'A policy change not approved within this expires and changes nothing (default 7 days).' }),
    destination_approval_quorum: z.number().int().openapi({ description: 'Admins who must approve a new withdrawal destination before it is active; 0: active at once.' }),
    destination_cooling_off_seconds: z.number().int().openapi({ description: 'A new destination is usable this long after it became active (`usable_from`); 0: at once.' }),
    passkey_step_up: z.boolean().openapi({
      description:
        'When true, a person gets the action token for deciding an approval or creating an API key only from a passkey assertion (POST /action-tokens/passkey); POST /action-tokens refuses those actions with 403 `passkey_required`, and POST /api-keys needs an action token.',
    }),
    delegated_approvals: z.boolean().openapi({
      description:
        'Off by default. When true, a decision made with a token a service account obtained by acting for a person (or carrying their ID token) counts; ' +
        'each such actor counts as one party, however many people it acts for, and is barred as the initiator is. When false, only a person who signed in ' +
        'themselves, or proved presence with a passkey assertion bound to the approval, decides (403 `human_approval_required`).',
    }),
    etag: ETag,
    updated_at: Timestamp,
  })
  .openapi('GovernanceSettings');

export const POLICY_CHANGE_KINDS = [
  'policy_rule.activate',
  'policy_rule.update',
  'policy_rule.retire',
  'governance_settings.update',
  'withdrawal_destination.create',
  'identity_provider.create',
  'identity_provider.update',
  'compliance_policy.update',
] as const;
export const POLICY_CHANGE_STATUSES = ['pending_approval', 'applied', 'rejected', 'expired', 'cancelled', 'failed'] as const;

export const PolicyChangeBody = z
  .object({
    id: Uuid,
    resource: z.literal('policy_change'),
    kind: z.enum(POLICY_CHANGE_KINDS),
    target_ref: z.string().openapi({ description: 'What the change applies to: `policy-rules/<id>`, `governance-settings/<enterprise id>`, `withdrawal-destinations/<id>`, `identity-providers/<id>` (for a creation, the id the provider will have) or `compliance-policies/<enterprise id>`.' }),
    target_version: z.number().int().openapi({ description: 'The target\'s version the change was proposed against (0 for a creation); if the target changed meanwhile, the approved change fails (`target_changed`).' }),
    change: z.record(z.string(), z.unknown()).openapi({ description: 'The proposed change: the rule patch, the settings patch, the identity provider as asked for (creation) or its patch, or `{}` for a transition.' }),
    status: z.enum(POLICY_CHANGE_STATUSES).openapi({ description: 'pending_approval → applied | rejected | expired | cancelled | failed (all terminal). Until applied, nothing changes.' }),
    failure_reason: z.string().nullable(),
    approval_ref: z.string(),
    initiated_by: SubjectAttributionBody,
    approved_by: z.array(ApproverRefBody).nullable(),
    applied_at: Timestamp.nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('PolicyChange');

export const GOVERNANCE_EVENTS = {
  settingsUpdated: defineEventType('policies.governance_settings.updated.v1', "The enterprise's governance settings changed.", GovernanceSettingsBody),
  ...(Object.fromEntries(
    POLICY_CHANGE_STATUSES.map((s) => [
      s,
      defineEventType(`policies.policy_change.${s}.v1`, {
        pending_approval: 'A change of the policy waits for the quorum of admins.',
        applied: 'The quorum approved a change of the policy: it applied, atomically.',
        rejected: 'An admin rejected a change of the policy: nothing changed.',
        expired: 'Nobody approved a change of the policy in time: nothing changed.',
        cancelled: 'Its initiator cancelled a change of the policy: nothing changed.',
        failed: 'An approved change could not apply (its target changed meanwhile): nothing changed.',
      }[s], PolicyChangeBody),
    ]),
  ) as Record<(typeof POLICY_CHANGE_STATUSES)[number], string>),
};
