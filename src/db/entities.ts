import { EnterpriseSchema, MasterAccountSchema } from '../domain/tenancy/entities';
import { RoleAssignmentSchema, RoleSchema, ServiceAccountSchema, UserInvitationSchema, UserSchema } from '../domain/iam/entities';
import { IdentityProviderSchema } from '../domain/identity-providers/entities';
import { ClientAccountSchema, ClientSchema } from '../domain/clients/entities';

/** Every entity the ORM knows; the schema itself changes only through migrations/. */
export const entities = [EnterpriseSchema, MasterAccountSchema, RoleSchema, RoleAssignmentSchema, ServiceAccountSchema, UserSchema, UserInvitationSchema, IdentityProviderSchema, ClientSchema, ClientAccountSchema];
