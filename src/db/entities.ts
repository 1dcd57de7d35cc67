import { EnterpriseSchema, MasterAccountSchema } from '../domain/tenancy/entities';
import { RoleAssignmentSchema, RoleSchema, ServiceAccountSchema } from '../domain/iam/entities';

/** Every entity the ORM knows; the schema itself changes only through migrations/. */
export const entities = [EnterpriseSchema, MasterAccountSchema, RoleSchema, RoleAssignmentSchema, ServiceAccountSchema];
