import { Link } from 'wouter';
import type { SdkProblem as Problem, Schemas } from '../../../clients/typescript/index';
import type { Created } from '../lib/forms';
import { useName } from '../lib/names';
import { Field, Notice, ProblemView } from './ui';

type Account = Pick<Schemas['ClientAccount'], 'id' | 'display_name' | 'scope_ref'>;

/** An account whose label another account in the list shares: its owner's name and the end of its id tell them apart. */
function AccountOption({ account, repeated }: { account: Account; repeated: boolean }) {
  const owner = useName(repeated ? account.scope_ref : null);
  const label = repeated ? [account.display_name, owner, `…${account.id.slice(-6)}`].filter(Boolean).join(' · ') : account.display_name;
  return <option value={`client-accounts/${account.id}`}>{label}</option>;
}

/** A choice of one of `accounts` by its reference (`client-accounts/<id>`); two accounts never read the same. */
export function AccountSelect({ label, accounts, value, onChange }: { label: string; accounts: Account[]; value: string; onChange: (ref: string) => void }) {
  const counts = new Map<string, number>();
  for (const a of accounts) counts.set(a.display_name, (counts.get(a.display_name) ?? 0) + 1);
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} required value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {accounts.map((a) => (
            <AccountOption key={a.id} account={a} repeated={(counts.get(a.display_name) ?? 0) > 1} />
          ))}
        </select>
      )}
    </Field>
  );
}

/** An amount as the API takes it: a decimal string, never a float. */
export function AmountField({ label = 'Amount', hint, value, onChange }: { label?: string; hint: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} hint={hint}>
      {(id, hintId) => (
        <input id={id} aria-describedby={hintId} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" required value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** What a form's last step gave: its problem, or the record it created with a link to it. */
export function FormOutcome({ problem, done, noun, path }: { problem: Problem | null; done: Created | null; noun: string; path: string }) {
  return (
    <>
      {problem ? <ProblemView problem={problem} /> : null}
      <Notice tone="success" message={done ? `${noun} ${done.id} is ${done.status.replace(/_/g, ' ')}.` : null} />
      {done ? <Link href={`/${path}/${done.id}`}>Open the {noun.toLowerCase()}</Link> : null}
    </>
  );
}
