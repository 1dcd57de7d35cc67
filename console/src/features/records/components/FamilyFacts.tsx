import { useApi } from '../../../lib/hooks';
import type { AnyRecord, ConversionRecord, TransferRecord, WithdrawalRecord } from '../../../lib/records';
import { Loader, Money, Ref } from '../../../components/ui';
import { getDestination } from '../api/families';

function Destination({ id }: { id: string }) {
  const loaded = useApi(() => getDestination(id), [id]);
  return (
    <Loader loaded={loaded}>
      {(d) => (
        <>
          {d.label} — <code className="ref">{d.crypto_routing.destination.address}</code> ({d.crypto_routing.network})
        </>
      )}
    </Loader>
  );
}

/** What only this family's records have: a withdrawal's destination, a transfer's accounts, a conversion's legs. */
export function FamilyFacts({ record }: { record: AnyRecord }) {
  if (record.family === 'withdrawal') {
    const w = record as WithdrawalRecord;
    return (
      <>
        <dt>Destination</dt>
        <dd>
          <Destination id={w.withdrawal_destination_id} />
        </dd>
        <dt>Rail reference</dt>
        <dd>{w.rail_reference ?? <span className="muted">—</span>}</dd>
      </>
    );
  }
  if (record.family === 'internal_transfer') {
    const t = record as TransferRecord;
    return (
      <>
        <dt>From</dt>
        <dd>
          <Ref value={t.family_params.source_ref} />
        </dd>
        <dt>To</dt>
        <dd>
          <Ref value={t.family_params.target_ref} />
        </dd>
      </>
    );
  }
  const c = record as ConversionRecord;
  return (
    <>
      <dt>Sells</dt>
      <dd>
        <Money amount={c.family_params.from_amount} />
      </dd>
      <dt>Buys</dt>
      <dd>
        <Money amount={c.family_params.to_amount} />
      </dd>
      <dt>Price</dt>
      <dd>{c.family_params.price}</dd>
    </>
  );
}
