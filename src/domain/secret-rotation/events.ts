import { defineEventType } from '../../events/catalogue';
import { ServiceAccountBody } from '../iam/present';

export const SecretRotationEvents = {
  rotated: defineEventType(
    'iam.service_account.secret_rotated.v1',
    'A service account secret was rotated; the previous secret works until previous_secret_expires_at.',
    ServiceAccountBody,
  ),
  previousRetired: defineEventType(
    'iam.service_account.previous_secret_retired.v1',
    'The previous secret of a service account stopped working: its overlap ended, or another rotation replaced it.',
    ServiceAccountBody,
  ),
  expiring: defineEventType(
    'iam.service_account.secret_expiring.v1',
    'The current secret of a service account expires soon (current_secret_expires_at); rotate it.',
    ServiceAccountBody,
  ),
} as const;
