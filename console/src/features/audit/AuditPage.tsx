import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript/index';
import { useApi, usePaging } from '../../lib/hooks';
import { subjectRef } from '../../lib/names';
import { searchAudit } from './api/audit';
import { auditSearch, NO_FILTERS, type AuditFilters } from './search';
import { Field, Loader, Page, Pager, Ref, Status, Table, When } from '../../components/ui';

type Entry = Schemas['UserActionAuditEntry'];

/** User action audit entries, searched by who (a name or a reference), what, which resource, outcome and time (POST /user-action-audit-entries/search). */
export function AuditPage() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const paging = usePaging(JSON.stringify(applied));
  const loaded = useApi(() => searchAudit(auditSearch(applied, paging.token)), [applied, paging.token]);
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  return (
    <Page title="Audit log">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(draft);
        }}
      >
        <Field label="Who" hint="a name, or users/<id> or service-accounts/<id>">
          {(id, hint) => <input id={id} aria-describedby={hint} value={draft.who} onChange={set('who')} />}
        </Field>
        <Field label="Action" hint="operation id, e.g. approveApproval">
          {(id, hint) => <input id={id} aria-describedby={hint} value={draft.action} onChange={set('action')} />}
        </Field>
        <Field label="Resource">{(id) => <input id={id} value={draft.resource_ref} onChange={set('resource_ref')} placeholder="withdrawals/…" />}</Field>
        <Field label="Outcome">
          {(id) => (
            <select id={id} value={draft.outcome} onChange={set('outcome')}>
              <option value="">Any</option>
              <option value="succeeded">succeeded</option>
              <option value="refused">refused</option>
              <option value="failed">failed</option>
            </select>
          )}
        </Field>
        <Field label="Since">{(id) => <input id={id} type="datetime-local" value={draft.occurred_after} onChange={set('occurred_after')} />}</Field>
        <button type="submit">Search</button>
      </form>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No entries match.">
        {(data) => (
          <>
            <Table<Entry>
              caption="Audit entries"
              rows={data.items}
              rowKey={(e) => e.id}
              columns={[
                { header: 'When', cell: (e) => <When iso={e.occurred_at} /> },
                { header: 'Who', cell: (e) => <Ref value={subjectRef(e.subject_attribution.subject)} /> },
                { header: 'Action', cell: (e) => <code>{e.action}</code> },
                { header: 'Resource', cell: (e) => <Ref value={e.resource_ref} /> },
                { header: 'Outcome', cell: (e) => <Status value={e.outcome} /> },
                { header: 'HTTP', cell: (e) => `${e.status_code}${e.error_code ? ` ${e.error_code}` : ''}` },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </Page>
  );
}
