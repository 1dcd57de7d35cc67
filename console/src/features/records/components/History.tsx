import { useApi } from '../../../lib/hooks';
import { Loader, Status, When } from '../../../components/ui';
import { listEvents } from '../api/families';

/** The record's status history: its event log. */
export function History({ resourceRef, version }: { resourceRef: string; version: string }) {
  const loaded = useApi(() => listEvents(resourceRef), [resourceRef, version]);
  return (
    <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No events recorded yet.">
      {(data) => (
        <ol className="history">
          {data.items.map((e) => (
            <li key={e.id}>
              <When iso={e.occurred_at} /> — <code>{e.type}</code>
              {(e.data as { status?: string } | undefined)?.status ? (
                <>
                  {' '}
                  → <Status value={(e.data as { status: string }).status} />
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Loader>
  );
}
