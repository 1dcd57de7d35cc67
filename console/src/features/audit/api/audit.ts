import type { Schemas } from '../../../../../clients/typescript';
import { api } from '../../../lib/session';

export const searchAudit = (body: Schemas['UserActionAuditSearch']) => api.POST('/user-action-audit-entries/search', { body });
