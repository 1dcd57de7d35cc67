import { useState } from 'react';
import { Link } from 'wouter';
import type { Schemas } from '../../../../clients/typescript/index';
import { useApi } from '../../lib/hooks';
import { pollInterval } from '../../lib/poll';
import { AccountSelect } from '../../components/forms';
import { Loader, Money, Page, Status, Table, When } from '../../components/ui';
import { listActiveAccounts, loadAccountFunding } from './api/deposits';
import { QrCode } from './QrCode';

type Instruction = Schemas['DepositInstruction'];
type Deposit = Schemas['Deposit'];

function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => undefined)}>
      {copied ? 'Copied' : `Copy ${what}`}
    </button>
  );
}

/** A crypto address to pay into: the address (and memo) to copy, and as a QR code for a wallet's camera. */
function CryptoInstruction({ instruction, routing }: { instruction: Instruction; routing: NonNullable<Instruction['crypto_routing']> }) {
  const { asset, network, endpoint } = routing;
  return (
    <article className="card instruction" aria-labelledby={`di-${instruction.id}`}>
      <h3 id={`di-${instruction.id}`}>
        {asset} on {network}
      </h3>
      <QrCode text={endpoint.address} label={`QR code of the ${asset} address on ${network}`} />
      <dl className="facts">
        <dt>Address</dt>
        <dd>
          <code className="address">{endpoint.address}</code> <CopyButton text={endpoint.address} what="address" />
        </dd>
        {endpoint.memo ? (
          <>
            <dt>Memo (required)</dt>
            <dd>
              <code>{endpoint.memo}</code> <CopyButton text={endpoint.memo} what="memo" />
            </dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}

/** A virtual bank account: what a payer's bank needs, per rail. */
function FiatInstruction({ instruction, routing: r }: { instruction: Instruction; routing: NonNullable<Instruction['fiat_routing']> }) {
  const rows: Array<[string, string | undefined]> = [
    ['Beneficiary', r.beneficiary_name],
    ['IBAN', r.iban],
    ['BIC', r.bic],
    ['Account number', r.account_number],
    ['Routing number', r.routing_number],
    ['Sort code', r.sort_code],
    ['Account type', r.account_type],
  ];
  return (
    <article className="card instruction" aria-labelledby={`di-${instruction.id}`}>
      <h3 id={`di-${instruction.id}`}>
        {r.currency} by {r.rail.toUpperCase()}
      </h3>
      <dl className="facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="fact">
              <dt>{label}</dt>
              <dd>
                <code>{value}</code> <CopyButton text={value!} what={label.toLowerCase()} />
              </dd>
            </div>
          ))}
      </dl>
    </article>
  );
}

function AccountFunding({ accountRef }: { accountRef: string }) {
  // Deposits move pending → confirmed → credited by themselves: refresh while any is on its way.
  const loaded = useApi(() => loadAccountFunding(accountRef), [accountRef], { pollMs: pollInterval(5000), poll: (d) => d.deposits.some((x) => x.status === 'pending' || x.status === 'confirmed') });
  return (
    <Loader loaded={loaded}>
      {({ instructions, deposits }) => (
        <>
          <section className="card" aria-labelledby="instructions-title">
            <h2 id="instructions-title">Deposit instructions</h2>
            {instructions.length === 0 ? <p className="empty">No deposit instruction for this account.</p> : null}
            <div className="instructions">
              {instructions.map((i) =>
                i.crypto_routing ? (
                  <CryptoInstruction key={i.id} instruction={i} routing={i.crypto_routing} />
                ) : i.fiat_routing ? (
                  <FiatInstruction key={i.id} instruction={i} routing={i.fiat_routing} />
                ) : null,
              )}
            </div>
          </section>
          <section className="card" aria-labelledby="deposits-title">
            <h2 id="deposits-title">Incoming deposits</h2>
            {deposits.length === 0 ? (
              <p className="empty">No deposit has arrived yet.</p>
            ) : (
              <Table<Deposit>
                caption="Incoming deposits"
                rows={deposits}
                rowKey={(d) => d.id}
                columns={[
                  { header: 'Received', cell: (d) => <When iso={d.created_at} /> },
                  {
                    header: 'Amount',
                    cell: (d) => (
                      <Link href={`/deposits/${d.id}`}>
                        <Money amount={d.amount} />
                      </Link>
                    ),
                  },
                  { header: 'Rail', cell: (d) => d.network ?? d.fiat_rail?.toUpperCase() ?? '—' },
                  { header: 'Status', cell: (d) => <Status value={d.status} /> },
                  { header: 'Reversed', cell: (d) => (d.reversals.length ? <Money amount={d.reversed_amount} /> : '—') },
                  { header: 'Confirmations', cell: (d) => `${d.confirmations} of ${d.confirmations_required}` },
                  { header: 'Credited', cell: (d) => <When iso={d.credited_at} /> },
                ]}
              />
            )}
          </section>
        </>
      )}
    </Loader>
  );
}

/** Per account: where to send money (addresses with copy and QR code, virtual bank accounts), and the deposits that came in. */
export function DepositsPage() {
  const accounts = useApi(listActiveAccounts, []);
  const [account, setAccount] = useState('');
  return (
    <Page title="Deposits">
      <Loader loaded={accounts} isEmpty={(d) => d.items.length === 0} empty="No client accounts in your reach.">
        {(data) => (
          <>
            <form className="filters" onSubmit={(e) => e.preventDefault()}>
              <AccountSelect label="Account" accounts={data.items} value={account} onChange={setAccount} />
            </form>
            {account ? <AccountFunding accountRef={account} /> : <p className="empty">Choose an account to see where its deposits go.</p>}
          </>
        )}
      </Loader>
    </Page>
  );
}
