import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

export const searchAudit = (body: Schemas['UserActionAuditSearch']) => api.POST('/user-action-audit-entries/search', { body });
