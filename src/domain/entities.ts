import { EnterpriseSchema, MasterAccountSchema } from './tenancy/entities';
import { RoleAssignmentSchema, RoleSchema, ServiceAccountSchema, UserInvitationSchema, UserSchema } from './iam/entities';
import { IdentityProviderSchema } from './identity-providers/entities';
import { ClientAccountSchema, ClientSchema } from './clients/entities';

/** Every entity the ORM maps (given to db/orm by whoever opens it); the schema itself changes only through migrations/. */
export const entities = [EnterpriseSchema, MasterAccountSchema, RoleSchema, RoleAssignmentSchema, ServiceAccountSchema, UserSchema, UserInvitationSchema, IdentityProviderSchema, ClientSchema, ClientAccountSchema];
