import { api } from '../../../lib/session';

const listActiveDestinations = () => api.GET('/withdrawal-destinations', { params: { query: { page_size: 200, status: 'active' } } });
type Destination = NonNullable<Awaited<ReturnType<typeof listActiveDestinations>>['data']>['items'][number];

/** What a withdrawal can be made from and to: the active accounts and destinations in reach. */
export async function loadWithdrawalChoices() {
  const [accounts, destinations] = await Promise.all([api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } }), listActiveDestinations()]);
  if (!accounts.data) return { error: accounts.error, response: accounts.response };
  if (!destinations.data) return { error: destinations.error, response: destinations.response };
  return { data: { accounts: accounts.data.items, destinations: destinations.data.items }, response: accounts.response };
}

export interface WithdrawalIntent {
  accountRef: string;
  destination: Destination;
  value: string;
}

/** Before confirming: the fees the engine would charge and the policy's decision, as the real withdrawal would get them now. Nothing is stored. */
export async function previewWithdrawal(intent: WithdrawalIntent) {
  const { asset, network } = intent.destination.crypto_routing;
  const [fees, decision] = await Promise.all([
    api.POST('/fee-previews', {
      body: { operation_type: 'withdrawal', service_type: network, principal_amount: { currency: asset, amount: intent.value }, subject_ref: intent.accountRef },
    }),
    api.POST('/policy-rules/evaluate', {
      body: { action_family: 'withdrawal', account_ref: intent.accountRef, amount: { currency: asset, value: intent.value }, destination_ref: `withdrawal-destinations/${intent.destination.id}` },
    }),
  ]);
  if (!fees.data) return { error: fees.error, response: fees.response };
  if (!decision.data) return { error: decision.error, response: decision.response };
  return { data: { fees: fees.data, decision: decision.data }, response: fees.response };
}

/** The key is the form's, made once per intended withdrawal: a second click or a retry replays the first answer instead of moving money twice. */
export const createWithdrawal = (idempotencyKey: string, intent: WithdrawalIntent) =>
  api.POST('/withdrawals', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: {
      account_ref: intent.accountRef,
      amount: { currency: intent.destination.crypto_routing.asset, value: intent.value },
      rail: intent.destination.crypto_routing.network,
      withdrawal_destination_id: intent.destination.id,
    },
  });
