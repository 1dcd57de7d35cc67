import { LATEST_API_VERSION, renderAt } from '../../src/versions';
import { uuidv7 } from '../../src/ids';
import { balancesOf, creditExternalDeposit, systemAccountRef, verifyLedger } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>, as = token) =>
  call(app.url, method, path, { token: as, body, headers });
const convert = (body: unknown, key = uuidv7(), as = token) => api('POST', '/conversions', body, { 'idempotency-key': key }, as);
const preview = (body: unknown, as = token) => api('POST', '/conversions/preview', body, {}, as);

async function newAccount(as = token, t = tenant): Promise<string> {
  const res = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${t.enterpriseId}` }, {}, as);
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

/** Test-only funding: books an external deposit through the ledger API. */
const fund = (accountRef: string, minor: bigint, asset: string, t = tenant) =>
  creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: t.enterpriseId, accountRef, asset, amount: minor });

async function total(ref: string, asset: string): Promise<bigint> {
  const [b] = await balancesOf(app.services.sql, ref, asset);
  return b?.total ?? 0n;
}

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'Conversions Ltd'), createTenant(app.services, 'Other Conversions Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
});
afterAll(async () => {
  await app.close();
});

describe('pairs and prices', () => {
  it('lists the seeded pairs in both directions and reads one', async () => {
    const res = await api('GET', '/conversion-pairs?from_asset=usdc&to_asset=EUR');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        resource: 'conversion_pair',
        from_asset: 'USDC',
        to_asset: 'EUR',
        base_asset: 'USDC',
        quote_asset: 'EUR',
        min_from_amount: { currency: 'USDC', value: '1.000000' },
        max_from_amount: { currency: 'USDC', value: '1000000.000000' },
        from_precision: 6,
        to_precision: 2,
        price_precision: 4,
        quote_ttl_seconds: 10,
        enabled: true,
      }),
    ]);
    const one = await api('GET', `/conversion-pairs/${res.body.items[0].id}`);
    expect(one.body).toEqual(res.body.items[0]);
    const all = await api('GET', '/conversion-pairs?page_size=200');
    expect(all.body.items.length).toBe(22);
    expect(all.body.items.filter((p: { enabled: boolean }) => !p.enabled).map((p: { from_asset: string; to_asset: string }) => `${p.from_asset}/${p.to_asset}`).sort()).toEqual(['BTC/ETH', 'ETH/BTC']);
    expect((await api('GET', `/conversion-pairs/${uuidv7()}`)).status).toBe(404);
  });

  it('answers an indicative price in the contract\'s shape, exactly', async () => {
    const res = await api('GET', '/prices/indicative?from_asset=USDC&to_asset=EUR&amount_basis=from&from_amount=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount_basis: 'from',
      binding: false,
      flow_type: 'conversion',
      pricing_mode: 'indicative',
      from_asset: 'USDC',
      to_asset: 'EUR',
      from_amount: { currency: 'USDC', value: '100.000000' },
      // 0.92 mid less 30 bps = 0.91724, rounded down.
      to_amount: { currency: 'EUR', value: '91.72' },
      indicative_price: { price: '0.9172', price_type: 'indicative' },
      fee_summary: { components: [{ kind: 'service_fee', amount: { currency: 'USDC', value: '0.500000' } }], total: { currency: 'USDC', value: '0.500000' } },
    });
    expect(Date.parse(res.body.expires_at) - Date.parse(res.body.calculated_at)).toBe(30_000);
    expect(res.body.indicative_price.computed_at).toBe(res.body.calculated_at);
  });

  it.each([
    ['an unknown asset', 'from_asset=XYZ&to_asset=EUR&from_amount=1', 422, undefined],
    ['an unlisted pair', 'from_asset=USD&to_asset=GBP&from_amount=10', 422, 'pair_not_supported'],
    ['a disabled pair', 'from_asset=ETH&to_asset=BTC&from_amount=1', 409, 'pair_disabled'],
    ['an amount below the minimum', 'from_asset=USDC&to_asset=EUR&from_amount=0.5', 422, 'amount_out_of_range'],
    ['too many decimals', 'from_asset=USD&to_asset=USDC&from_amount=10.001', 422, undefined],
    ['an exponent', 'from_asset=USD&to_asset=USDC&from_amount=1e3', 422, undefined],
  ])('refuses %s', async (_name, query, status, reason) => {
    const res = await api('GET', `/prices/indicative?${query}`);
    expect(res.status).toBe(status);
    if (reason) expect(res.body.reason).toBe(reason);
  });
});

describe('quotes and conversions', () => {
  it('previews a firm quote and executes it once, through the FX liquidity account', async () => {
    const account = await newAccount();
    await fund(account, 300_000_000n, 'USDC');
    const body = { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'EUR' };
    const quote = await preview(body);
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({
      resource: 'conversion_quote',
      binding: true,
      pricing_mode: 'firm',
      to_amount: { currency: 'EUR', value: '91.72' },
      price: { price: '0.9172', price_type: 'firm' },
      total_debit: { currency: 'USDC', value: '100.500000' },
      used: false,
    });
    expect(Date.parse(quote.body.expires_at) - Date.parse(quote.body.created_at)).toBe(10_000);

    const res = await convert({ ...body, quote_id: quote.body.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_ref: account,
      approval_ref: null,
      family: 'conversion',
      family_params: { quote_id: quote.body.id, from_amount: { currency: 'USDC', value: '100.000000' }, to_amount: { currency: 'EUR', value: '91.72' }, to_currency: 'EUR', price: '0.9172' },
      principal_amount: { currency: 'USDC', value: '100.000000' },
      fee_summary: { total: { currency: 'USDC', value: '0.500000' } },
      fill_rate: '0.9172',
      failure_reason: null,
      status: 'executed',
      settled_at: expect.any(String),
    });
    expect(await total(account, 'USDC')).toBe(300_000_000n - 100_500_000n);
    expect(await total(account, 'EUR')).toBe(9172n);
    const fx = systemAccountRef(tenant.enterpriseId, 'fx_liquidity');
    expect(await total(fx, 'USDC')).toBeGreaterThanOrEqual(100_000_000n);
    expect(await total(systemAccountRef(tenant.enterpriseId, 'fee_revenue'), 'USDC')).toBeGreaterThanOrEqual(500_000n);

    const got = await api('GET', `/conversions/${res.body.id}`);
    expect(got.body).toEqual(res.body);
    const [event] = await app.services.sql`select type, payload from events where resource_ref = ${`conversions/${res.body.id}`}`;
    expect(event.type).toBe('operations.conversion.executed.v1');
    // Stored in the first API version's shape; the answer is rendered at the caller's (src/versions).
    expect(renderAt(event.payload, LATEST_API_VERSION, 'tenant')).toEqual(res.body);

    // At most once: the same quote again (another Idempotency-Key) is 409 quote_used.
    const again = await convert({ ...body, quote_id: quote.body.id });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('quote_used');
    // The same Idempotency-Key replays the first answer instead.
    const key = uuidv7();
    const fresh = await preview(body);
    const first = await convert({ ...body, quote_id: fresh.body.id }, key);
    const replay = await convert({ ...body, quote_id: fresh.body.id }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.body).toEqual(first.body);
    // The answer and the first request's audit entry were committed by the conversion's own transaction (the replay has its own entry).
    const [{ answer, audit }] = await app.services.sql`
      select (select xmin::text from idempotency_records where key = ${key}) = c.xmin::text as answer,
             (select count(*)::int from user_action_audit_entries where action = 'createConversion' and idempotency_key = ${key} and xmin::text = c.xmin::text) as audit
        from conversions c where c.id = ${first.body.id}`;
    expect({ answer, audit }).toEqual({ answer: true, audit: 1 });
  });

  it('refuses an expired quote with 409 and books nothing', async () => {
    const account = await newAccount();
    await fund(account, 10_000_000n, 'USDC');
    const body = { account_ref: account, from_amount: { currency: 'USDC', value: '5' }, to_currency: 'USD' };
    const quote = await preview(body);
    await app.services.sql`update conversion_quotes set expires_at = now() - interval '1 millisecond' where id = ${quote.body.id}`;
    const res = await convert({ ...body, quote_id: quote.body.id });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('quote_expired');
    expect(await total(account, 'USDC')).toBe(10_000_000n);
  });

  it('converts at market without a quote', async () => {
    const account = await newAccount();
    await fund(account, 100_000n, 'USD');
    const res = await convert({ account_ref: account, from_amount: { currency: 'usd', value: '100.00' }, to_currency: 'btc' });
    expect(res.status).toBe(201);
    expect(res.body.family_params).toMatchObject({ quote_id: null, to_amount: { currency: 'BTC', value: '0.00153076' }, price: '0.0000153076' });
    expect(await total(account, 'BTC')).toBe(153_076n);
    expect(await total(account, 'USD')).toBe(100_000n - 10_000n - 50n);
  });

  it('refuses insufficient funds with 422 and leaves the quote unused', async () => {
    const account = await newAccount();
    await fund(account, 100_000_000n, 'USDC');
    // 100 USDC + 0.50 fee is more than 100 USDC.
    const body = { account_ref: account, from_amount: { currency: 'USDC', value: '100' }, to_currency: 'USD' };
    const quote = await preview(body);
    const res = await convert({ ...body, quote_id: quote.body.id });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ reason: 'insufficient_funds', available: '100.000000', asset: 'USDC' });
    const [row] = await app.services.sql`select used_at from conversion_quotes where id = ${quote.body.id}`;
    expect(row.used_at).toBeNull();
    expect(await total(account, 'USD')).toBe(0n);
  });

  it.each([
    ['the quote of another account', 'other-account', 404, undefined],
    ['a quote for another amount', 'amount', 422, 'quote_mismatch'],
    ['an unknown quote', 'unknown', 404, undefined],
  ])('refuses %s', async (_name, variant, status, reason) => {
    const [account, second] = [await newAccount(), await newAccount()];
    await fund(account, 10_000_000n, 'USDC');
    const body = { account_ref: account, from_amount: { currency: 'USDC', value: '2' }, to_currency: 'USD' };
    const quote = await preview(body);
    const request =
      variant === 'other-account'
        ? { ...body, account_ref: second, quote_id: quote.body.id }
        : variant === 'amount'
          ? { ...body, from_amount: { currency: 'USDC', value: '3' }, quote_id: quote.body.id }
          : { ...body, quote_id: uuidv7() };
    const res = await convert(request);
    expect(res.status).toBe(status);
    if (reason) expect(res.body.reason).toBe(reason);
  });

  it('needs an Idempotency-Key, hides other tenants, and cannot cancel an executed conversion', async () => {
    const account = await newAccount();
    await fund(account, 10_000_000n, 'USDC');
    const body = { account_ref: account, from_amount: { currency: 'USDC', value: '2' }, to_currency: 'USD' };
    expect((await api('POST', '/conversions', body)).status).toBe(400);
    expect((await convert(body, uuidv7(), otherToken)).status).toBe(404);
    expect((await preview(body, otherToken)).status).toBe(404);
    const res = await convert(body);
    expect((await api('GET', `/conversions/${res.body.id}`, undefined, {}, otherToken)).status).toBe(404);
    const cancel = await api('POST', `/conversions/${res.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.reason).toBe('conversion_executed');
    const mine = await api('GET', `/conversions?account_ref=${account}`);
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
    expect((await api('GET', '/conversions', undefined, {}, otherToken)).body.items).toEqual([]);
  });
});

describe('rounding: always down to the target asset, fee rounded up, house keeps the remainder', () => {
  it.each([
    // from, value, to, to_amount, fee (50 bps, rounded up)
    ['BTC', '0.00012345', 'USD', '7.98', '0.00000062'],
    ['USD', '100.00', 'BTC', '0.00153076', '0.50'],
    ['ETH', '0.001', 'USDC', '3.486000', '0.000005000000000000'],
    ['USDC', '1.000001', 'USD', '0.99', '0.005001'],
    ['USDT', '1', 'USDC', '0.998900', '0.005000'],
    ['EUR', '10.00', 'BTC', '0.00016583', '0.05'],
  ])('%s %s → %s', async (from, value, to, toAmount, fee) => {
    const account = await newAccount();
    const funded = 10n ** 24n;
    await fund(account, funded, from);
    const res = await convert({ account_ref: account, from_amount: { currency: from, value }, to_currency: to });
    expect(res.status).toBe(201);
    expect(res.body.family_params.to_amount).toEqual({ currency: to, value: toAmount });
    expect(res.body.fee_summary.total).toEqual({ currency: from, value: fee });
    const balances = await api('GET', `/client-accounts/${account.split('/')[1]}/balances?asset=${to}`);
    expect(balances.body.items[0].total).toBe(toAmount);
  });
});

it('keeps every ledger transaction summing to zero per asset', async () => {
  const sums = await app.services.sql`
    select t.business_key, b.asset, sum(p.amount)::text as sum
      from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_balances b on b.id = p.balance_id
     where t.kind = 'conversion' and t.enterprise_id = ${tenant.enterpriseId}
     group by t.business_key, b.asset`;
  expect(sums.length).toBeGreaterThan(10);
  expect(sums.filter((s) => s.sum !== '0')).toEqual([]);
  const report = await verifyLedger(app.services.sql);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
});
