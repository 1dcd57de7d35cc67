import { loadConfig } from '../../src/config';
import { parseProviderRouting, SANDBOX_ROUTING } from '../../src/config/provider-routing';
import { describeMissing, missingProviders, providerFor } from '../../src/providers/routing';
import { SandboxRefused } from '../../src/providers/sandbox';
import { SandboxPayoutRail, SandboxRail } from '../../src/providers/rails';
import { SandboxPriceSource } from '../../src/providers/prices';
import { sandboxKycAtCreation } from '../../src/providers/kyc/sandbox';
import { createSandboxDeposit, payOnRampInSandbox } from '../../src/domain/deposits/sandbox';
import { Providers } from '../../src/providers';
import { SandboxInstructionIssuer } from '../../src/providers/deposits/sandbox-instructions';
import { collectionAccountKey } from '../../src/providers/deposits/instructions';

const production = loadConfig({ COUNTERFOIL_MODE: 'production', COUNTERFOIL_DATA_DIR: '/nonexistent', COUNTERFOIL_SEALING_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` });

describe('provider routing', () => {
  const routing = parseProviderRouting(JSON.stringify({ rails: { '*': 'custody', sepa: 'bank' }, prices: { 'BTC/EUR': 'feed' }, kyc: { '*': 'operator' } }));

  it('answers a key its own entry, else *, else nothing; a kind left out is the sandbox', () => {
    expect([providerFor(routing, 'rails', 'sepa'), providerFor(routing, 'rails', 'ethereum'), providerFor(routing, 'prices', 'BTC/EUR'), providerFor(routing, 'prices', 'ETH/EUR'), providerFor(routing, 'deposits', 'sepa')]).toEqual(['bank', 'custody', 'feed', null, 'sandbox']);
  });

  it('lists every key production would run on the sandbox or on nothing', () => {
    const missing = missingProviders(routing, { rails: ['ethereum', 'sepa'], deposits: ['sepa'], prices: ['BTC/EUR', 'ETH/EUR'], kyc: ['default'], screening: [], statements: ['sepa'] });
    expect(missing).toEqual([
      { kind: 'deposits', key: 'sepa', provider: 'sandbox' },
      { kind: 'prices', key: 'ETH/EUR', provider: null },
      { kind: 'statements', key: 'sepa', provider: 'sandbox' },
    ]);
    expect(describeMissing(missing)).toContain('statements.sepa: served by the sandbox simulator (reports the statements of a reconciled account)');
    expect(describeMissing(missing)).toContain('  deposits.sepa: served by the sandbox simulator (issues deposit instructions, reports payments)\n  prices.ETH/EUR: no provider');
    expect(missingProviders(SANDBOX_ROUTING, { rails: ['ethereum'], deposits: [], prices: [], kyc: [], screening: [], statements: [] })).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['an unknown kind', '{"payouts":{}}', 'unknown member payouts'],
    ['a bad key', '{"rails":{"Bad Key":"x"}}', 'rails.Bad Key'],
    ['a bad provider name', '{"rails":{"*":"Not A Name"}}', 'a provider name is'],
    ['operator outside KYC', '{"rails":{"*":"operator"}}', '"operator" serves KYC only'],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseProviderRouting(text)).toThrow(message);
    expect(() => loadConfig({ COUNTERFOIL_PROVIDERS: text })).toThrow(/^Invalid configuration COUNTERFOIL_PROVIDERS: /);
  });
});

describe('the sandbox issuer', () => {
  it("issues on-ramp collection accounts as the sandbox bank's fixed numbers, the same for every enterprise", async () => {
    const issuer = new SandboxInstructionIssuer(() => Promise.resolve(Buffer.alloc(32)), 'sandbox');
    const ask = (enterpriseId: string, rail: string) =>
      issuer.issue({ businessKey: collectionAccountKey(enterpriseId, rail), purpose: 'collection', enterpriseId, accountRef: `enterprises/${enterpriseId}`, rail, assets: [], beneficiaryName: 'Acme' });
    const sepa = await ask('0193a1c2-7f00-7abc-8def-0123456789ab', 'sepa');
    expect(sepa).toEqual({ rail: 'sepa', address: 'DE22999123450000000001', memo: null, details: { beneficiary_name: 'Counterfoil Sandbox Ramp Collections', iban: 'DE22999123450000000001', bic: 'CFOLDEB1XXX' } });
    expect(await ask('0193a1c2-7f00-7abc-8def-0123456789ac', 'sepa')).toEqual(sepa);
    expect((await ask('0193a1c2-7f00-7abc-8def-0123456789ab', 'fps')).details).toEqual({ beneficiary_name: 'Counterfoil Sandbox Ramp Collections', sort_code: '040099', account_number: '00000001' });
    expect((await ask('0193a1c2-7f00-7abc-8def-0123456789ab', 'ach')).details).toMatchObject({ account_number: '000000000001', account_type: 'checking' });
  });
});

describe('every sandbox simulator refuses to run in production', () => {
  it.each<[string, () => unknown]>([
    ['the withdrawal rail', () => new SandboxRail({} as never, 0, 'production')],
    ['the payout rail (off-ramp bank)', () => new SandboxPayoutRail(0, 'production')],
    ['the price source', () => new SandboxPriceSource('production')],
    ['the identity check', () => sandboxKycAtCreation('production')],
    ['the deposit instruction issuer', () => new SandboxInstructionIssuer(() => Promise.resolve(Buffer.alloc(32)), 'production')],
  ])('%s', (_name, build) => {
    expect(build).toThrow(SandboxRefused);
  });

  it('the payer (sandbox deposits)', async () => {
    await expect(createSandboxDeposit({ config: production } as never, {} as never)).rejects.toBeInstanceOf(SandboxRefused);
  });

  it('the bank (sandbox on-ramp payments)', async () => {
    await expect(payOnRampInSandbox({ config: production } as never, {} as never, { currency: 'EUR', value: '1' }, {} as never)).rejects.toBeInstanceOf(SandboxRefused);
  });

  it('and a production process routed to the sandbox gets no simulator from the seams', async () => {
    const providers = new Providers({} as never, production, {} as never);
    await expect(providers.rail('0193a1c2-7f00-7abc-8def-0123456789ab', 'ethereum')).rejects.toBeInstanceOf(SandboxRefused);
    await expect(providers.rail('0193a1c2-7f00-7abc-8def-0123456789ab', 'sepa')).rejects.toBeInstanceOf(SandboxRefused);
    const pair = { base_asset: 'USDC', quote_asset: 'EUR', mid_price: '0.92' } as never;
    await expect(providers.market('0193a1c2-7f00-7abc-8def-0123456789ab')(pair, { firm: false })).rejects.toBeInstanceOf(SandboxRefused);
    for (const rail of ['ethereum', 'sepa']) {
      await expect(providers.instructionIssuer('0193a1c2-7f00-7abc-8def-0123456789ab', rail)).rejects.toBeInstanceOf(SandboxRefused);
      const request = { businessKey: `deposit-instruction/client-accounts/x/${rail}`, purpose: 'account' as const, enterpriseId: '0193a1c2-7f00-7abc-8def-0123456789ab', accountRef: 'client-accounts/x', rail, assets: ['USDC'], beneficiaryName: 'Acme' };
      await expect(providers.issueDepositInstruction(request)).rejects.toBeInstanceOf(SandboxRefused);
    }
    // Nor an on-ramp collection account: payers would be sent to the sandbox bank's numbers.
    const enterpriseId = '0193a1c2-7f00-7abc-8def-0123456789ab';
    const collection = { businessKey: collectionAccountKey(enterpriseId, 'sepa'), purpose: 'collection' as const, enterpriseId, accountRef: `enterprises/${enterpriseId}`, rail: 'sepa', assets: ['EUR'], beneficiaryName: 'Acme' };
    await expect(providers.issueDepositInstruction(collection)).rejects.toBeInstanceOf(SandboxRefused);
  });
});
