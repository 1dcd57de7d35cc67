import { defineEventType } from '../../events/catalogue';
import { RoleAssignmentBody, RoleBody, ServiceAccountBody, UserBody, UserInvitationBody } from './present';

/** Event types of the identity module; each payload is the resource's API representation. */
export const IamEvents = {
  userCreated: defineEventType('iam.user.created.v1', 'A user was created (directly or by accepting an invitation).', UserBody),
  userUpdated: defineEventType('iam.user.updated.v1', "A user's display name changed.", UserBody),
  userSuspended: defineEventType('iam.user.suspended.v1', 'A user was suspended: its tokens stop working.', UserBody),
  userDeactivated: defineEventType('iam.user.deactivated.v1', 'A user was deactivated: its tokens stop working and its role assignments are revoked.', UserBody),
  userReactivated: defineEventType('iam.user.reactivated.v1', 'A suspended or deactivated user was reactivated.', UserBody),
  userFederated: defineEventType('iam.user.federated.v1', 'A user was linked to an identity-provider subject (issuer + subject).', UserBody),
  invitationCreated: defineEventType('iam.user_invitation.created.v1', 'A user invitation was issued.', UserInvitationBody),
  invitationAccepted: defineEventType('iam.user_invitation.accepted.v1', 'A user invitation was accepted and its user created.', UserInvitationBody),
  invitationCancelled: defineEventType('iam.user_invitation.cancelled.v1', 'A pending user invitation was cancelled.', UserInvitationBody),
  serviceAccountCreated: defineEventType('iam.service_account.created.v1', 'A service account was created or provisioned.', ServiceAccountBody),
  serviceAccountRevoked: defineEventType('iam.service_account.revoked.v1', 'A service account was revoked: its tokens stop working.', ServiceAccountBody),
  roleCreated: defineEventType('iam.role.created.v1', 'A custom role was created.', RoleBody),
  roleUpdated: defineEventType('iam.role.updated.v1', "A custom role's description or permissions changed.", RoleBody),
  roleRetired: defineEventType('iam.role.retired.v1', 'A custom role was retired: it grants nothing any more.', RoleBody),
  assignmentGranted: defineEventType('iam.role_assignment.granted.v1', 'A role was granted to a principal at a scope.', RoleAssignmentBody),
  assignmentRevoked: defineEventType('iam.role_assignment.revoked.v1', 'A role assignment was revoked.', RoleAssignmentBody),
} as const;
