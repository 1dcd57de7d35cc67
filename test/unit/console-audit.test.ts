import { auditSearch, NO_FILTERS } from '../../console/src/features/audit/search';
import { searchAuditEntriesRoute } from '../../src/http/routes/audit';

// What the audit log screen sends for its filters, checked against the route's own schema: the request the API validates.

const USER = 'users/0193a1c2-7f00-7abc-8def-0123456789ab';

describe('the console\'s audit search', () => {
  it.each([
    ['a person\'s name', { who: '  Ada Lovelace ' }, { subject_name: 'Ada Lovelace' }],
    ['a user reference', { who: USER }, { subject_ref: USER }],
    ['a service account reference', { who: ` service-accounts/${USER.slice(6)} ` }, { subject_ref: `service-accounts/${USER.slice(6)}` }],
    ['a name that only looks like a reference', { who: 'users/ada' }, { subject_name: 'users/ada' }],
    ['no one', { who: '   ' }, {}],
    ['an action and an outcome', { action: ' approveApproval ', outcome: 'refused' as const }, { action: 'approveApproval', outcome: 'refused' }],
  ])('sends %s as a valid search', (_name, filters, expected) => {
    const body = auditSearch({ ...NO_FILTERS, ...filters }, 'token-1');
    const parsed = searchAuditEntriesRoute.body!.safeParse(body);
    expect(parsed.success).toBe(true);
    const sent = JSON.parse(JSON.stringify(body));
    expect(sent).toEqual({ ...expected, page_size: 25, page_token: 'token-1' });
  });

  it('sends the start of the period as an instant', () => {
    const body = auditSearch({ ...NO_FILTERS, occurred_after: '2026-01-15T09:30' });
    expect(searchAuditEntriesRoute.body!.safeParse(body).success).toBe(true);
    expect(body.occurred_after).toBe(new Date('2026-01-15T09:30').toISOString());
  });
});
