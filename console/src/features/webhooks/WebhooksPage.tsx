import { useState } from 'react';
import { problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { pollInterval } from '../../lib/poll';
import { createSubscription, getDelivery, getSubscription, listDeliveries, listSubscriptions, redeliver as redeliverDelivery, runSubscriptionAction } from './api/webhooks';
import { Dialog, Field, Loader, Notice, Page, Pager, ProblemView, Status, Table, When } from '../../components/ui';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';

type Subscription = Schemas['WebhookSubscription'];
type Delivery = Schemas['WebhookDelivery'];

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog title="Signing secret" open={secret !== null} onClose={onClose}>
      <p className="warning" role="alert">
        Shown only this once. Your receiver verifies each delivery's signature with it (Standard Webhooks).
      </p>
      <Field label="Secret">{(id) => <input id={id} readOnly value={secret ?? ''} className="secret" />}</Field>
      <div className="actions">
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

function Attempts({ subscriptionId, delivery }: { subscriptionId: string; delivery: Delivery }) {
  const loaded = useApi(
    () => getDelivery(subscriptionId, delivery.id),
    [delivery.id, delivery.attempt_count],
  );
  return (
    <Loader loaded={loaded} isEmpty={(d) => !d.attempts?.length} empty="No attempt yet.">
      {(d) => (
        <Table<Schemas['WebhookDeliveryAttempt']>
          caption={`Attempts of delivery ${delivery.id}`}
          rows={d.attempts ?? []}
          rowKey={(a) => String(a.number)}
          columns={[
            { header: 'Attempt', cell: (a) => a.number },
            { header: 'At', cell: (a) => <When iso={a.attempted_at} /> },
            { header: 'HTTP status', cell: (a) => a.status_code ?? <span className="muted">none</span> },
            { header: 'Latency', cell: (a) => `${a.latency_ms} ms` },
            { header: 'Error', cell: (a) => a.error ?? <span className="muted">—</span> },
          ]}
        />
      )}
    </Loader>
  );
}

/** What waits for a failing receiver (the subscription's lane), polled while anything waits. */
function Backlog({ subscriptionId, etag }: { subscriptionId: string; etag: string }) {
  const loaded = useApi(() => getSubscription(subscriptionId), [subscriptionId, etag], {
    pollMs: pollInterval(5000),
    poll: (s) => s.backlog.pending > 0,
  });
  const backlog = loaded.state === 'ready' ? loaded.data.backlog : null;
  if (!backlog || backlog.pending === 0) return null;
  return (
    <p className="warning" role="status">
      {backlog.lane === 'queued' ? 'The receiver is failing: ' : ''}
      {backlog.pending} {backlog.pending === 1 ? 'delivery waits' : 'deliveries wait'}, the oldest since <When iso={backlog.oldest_pending_at} />
      {backlog.next_attempt_at ? (
        <>
          ; next try <When iso={backlog.next_attempt_at} />
        </>
      ) : null}
      . They go out in order once it answers.
    </p>
  );
}

function Deliveries({ subscription, manage }: { subscription: Subscription; manage: boolean }) {
  const paging = usePaging(subscription.id);
  const loaded = useApi(() => listDeliveries(subscription.id, paging.token), [subscription.id, paging.token]);
  const [open, setOpen] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const redeliver = async (d: Delivery) => {
    const res = await redeliverDelivery(subscription.id, d.id);
    if (!res.data) setProblem(problemOf(res.error, res.response));
    else loaded.reload();
  };
  return (
    <>
      <Backlog subscriptionId={subscription.id} etag={subscription.etag} />
      {problem ? <ProblemView problem={problem} onReload={loaded.reload} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No deliveries yet.">
        {(data) => (
          <>
            <Table<Delivery>
              caption={`Deliveries to ${subscription.url}`}
              rows={data.items}
              rowKey={(d) => d.id}
              columns={[
                { header: 'Created', cell: (d) => <When iso={d.created_at} /> },
                { header: 'Event', cell: (d) => <code>{d.event_type}</code> },
                { header: 'Origin', cell: (d) => d.origin },
                { header: 'Status', cell: (d) => <Status value={d.status} /> },
                { header: 'Attempts', cell: (d) => d.attempt_count },
                {
                  header: 'Actions',
                  cell: (d) => (
                    <div className="row-actions">
                      <button type="button" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)} aria-label={`Attempts of delivery ${d.id}`}>
                        Attempts
                      </button>
                      {manage ? (
                        <button type="button" onClick={() => void redeliver(d)} aria-label={`Redeliver ${d.id}`}>
                          Redeliver
                        </button>
                      ) : null}
                    </div>
                  ),
                },
              ]}
            />
            {open ? <Attempts subscriptionId={subscription.id} delivery={data.items.find((d) => d.id === open)!} /> : null}
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </>
  );
}

function CreateSubscription({ scopeRef, onCreated }: { scopeRef: string; onCreated: (secret: string) => void }) {
  const [form, setForm] = useState({ url: '', types: '', description: '' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const submit = async () => {
    setProblem(null);
    const res = await createSubscription({
      url: form.url.trim(),
      event_types: form.types.split(/[\s,]+/).filter(Boolean),
      scope_ref: scopeRef,
      description: form.description.trim() || undefined,
    });
    if (!res.data) return setProblem(problemOf(res.error, res.response));
    setForm({ url: '', types: '', description: '' });
    onCreated((res.data as { secret?: string }).secret ?? '');
  };
  return (
    <form
      className="card form"
      aria-labelledby="create-hook"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="create-hook">Subscribe a receiver</h2>
      <Field label="Receiver URL" hint="https; in sandbox also http on this machine">
        {(id, hint) => <input id={id} aria-describedby={hint} type="url" required value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />}
      </Field>
      <Field label="Event types" hint="Comma or space separated, e.g. operations.withdrawal.settled.v1">
        {(id, hint) => <input id={id} aria-describedby={hint} required value={form.types} onChange={(e) => setForm({ ...form, types: e.target.value })} />}
      </Field>
      <Field label="Description">{(id) => <input id={id} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />}</Field>
      <button type="submit" className="primary">
        Subscribe
      </button>
      {problem ? <ProblemView problem={problem} /> : null}
    </form>
  );
}

/** Webhook subscriptions, their deliveries with attempts and status codes; redeliver, rotate the secret, send a test event. */
export function WebhooksPage() {
  const access = useAccess();
  const manage = access.can('webhooks.manage') && access.capability('webhooks.manage');
  const paging = usePaging('subs');
  const loaded = useApi(() => listSubscriptions(paging.token), [paging.token]);
  const [selected, setSelected] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [asking, setAsking] = useState<Confirmation | null>(null);

  const answered = (s: Subscription, action: 'test' | 'rotate' | 'enable' | 'disable', data: unknown) => {
    if (action === 'rotate') setSecret((data as { secret?: string }).secret ?? '');
    setNotice(action === 'test' ? 'Test event queued: see its delivery below.' : `Subscription ${action === 'rotate' ? 'secret rotated' : `${action}d`}.`);
    setSelected(s.id);
    loaded.reload();
  };
  const run = async (s: Subscription, action: 'test' | 'enable') => {
    setProblem(null);
    const res = await runSubscriptionAction(s, action);
    if (!res.data) return setProblem(problemOf(res.error, res.response));
    answered(s, action, res.data);
  };
  // Disabling stops deliveries and rotating changes what the receiver must verify: each is asked first.
  const ask = (s: Subscription, action: 'rotate' | 'disable') =>
    setAsking({
      title: action === 'disable' ? `Disable the subscription to ${s.url}?` : `Rotate the signing secret of ${s.url}?`,
      body:
        action === 'disable' ? (
          <p>No event is delivered to it while it is disabled ({s.event_types.join(', ')}); events of that time are not sent when it is enabled again.</p>
        ) : (
          <p>A new secret signs every delivery from now on; the previous one stays valid for the overlap, so the receiver can switch. The new secret is shown once.</p>
        ),
      confirm: action === 'disable' ? 'Disable' : 'Rotate the secret',
      danger: action === 'disable',
      run: () => runSubscriptionAction(s, action),
      done: (data) => answered(s, action, data),
    });

  return (
    <Page title="Webhooks">
      {manage ? (
        <CreateSubscription
          scopeRef={access.subject.tenant_ref}
          onCreated={(s) => {
            setSecret(s);
            loaded.reload();
          }}
        />
      ) : null}
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} onReload={loaded.reload} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No webhook subscriptions.">
        {(data) => (
          <>
            {data.items.map((s) => (
              <section key={s.id} className="card" aria-labelledby={`sub-${s.id}`}>
                <h2 id={`sub-${s.id}`}>
                  {s.url} <Status value={s.status} />
                </h2>
                <p className="muted">
                  {s.event_types.join(', ')} {s.disabled_reason ? `· disabled: ${s.disabled_reason}` : ''}
                </p>
                <div className="actions">
                  <button type="button" aria-expanded={selected === s.id} onClick={() => setSelected(selected === s.id ? null : s.id)}>
                    Deliveries
                  </button>
                  {manage && s.status !== 'deleted' ? (
                    <>
                      <button type="button" onClick={() => void run(s, 'test')}>
                        Send test event
                      </button>
                      <button type="button" onClick={() => ask(s, 'rotate')}>
                        Rotate secret
                      </button>
                      <button type="button" onClick={() => (s.status === 'active' ? ask(s, 'disable') : void run(s, 'enable'))}>
                        {s.status === 'active' ? 'Disable' : 'Enable'}
                      </button>
                    </>
                  ) : null}
                </div>
                {selected === s.id ? <Deliveries subscription={s} manage={manage} /> : null}
              </section>
            ))}
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
      <ConfirmDialog pending={asking} onClose={() => setAsking(null)} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Page>
  );
}
