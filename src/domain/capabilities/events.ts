import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';

const CapabilitySetting = z.object({ scope_ref: z.string(), name: z.string(), enabled: z.boolean() });

export const CapabilityEvents = {
  enabled: defineEventType('capabilities.capability.enabled.v1', 'A capability was switched on at a scope.', CapabilitySetting),
  disabled: defineEventType('capabilities.capability.disabled.v1', 'A capability was switched off at a scope: routes needing it answer 403 ForbiddenCapabilityScope there.', CapabilitySetting),
} as const;
