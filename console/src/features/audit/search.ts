import type { Schemas } from '../../../../clients/typescript/index';

type Search = Schemas['UserActionAuditSearch'];

export interface AuditFilters {
  /** A person's or service account's name, or their reference (`users/<id>`, `service-accounts/<id>`). */
  who: string;
  action: string;
  resource_ref: string;
  outcome: '' | NonNullable<Search['outcome']>;
  /** A `datetime-local` value, in the browser's time zone. */
  occurred_after: string;
}

export const NO_FILTERS: AuditFilters = { who: '', action: '', resource_ref: '', outcome: '', occurred_after: '' };

const PRINCIPAL_REF = /^(users|service-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The search the form's filters ask for: "Who" is sent as a reference when it is one, else as a name the API looks up. */
export function auditSearch(f: AuditFilters, pageToken?: string): Search {
  const who = f.who.trim();
  const isRef = PRINCIPAL_REF.test(who);
  return {
    subject_ref: isRef ? who : undefined,
    subject_name: who && !isRef ? who : undefined,
    action: f.action.trim() || undefined,
    resource_ref: f.resource_ref.trim() || undefined,
    outcome: f.outcome || undefined,
    occurred_after: f.occurred_after ? new Date(f.occurred_after).toISOString() : undefined,
    page_size: 25,
    page_token: pageToken,
  };
}
