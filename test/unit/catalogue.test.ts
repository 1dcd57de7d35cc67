// Address and bank-detail checks of the catalogue, against published test vectors.
import { CRYPTO_NETWORKS, validateAddress } from '../../src/reference/networks';
import { abaRoutingNumberFor, checkBeneficiary, findRail, ibanFor, isAbaRoutingNumber, isBic, isIban } from '../../src/reference/bank-rails';
import { base58CheckDecode, base58CheckEncode, eip55, keccak256, segwitDecode, segwitEncode, stellarAccountDecode, stellarAccountEncode } from '../../src/reference/encoding';
import { deriveDepositAddress } from '../../src/providers/deposits/sandbox-addresses';

describe('validateAddress', () => {
  it.each([
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', null, true],
    ['ethereum', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', null, true],
    ['ethereum', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', null, true],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', null, false], // checksum broken
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', null, false],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'memo', false],
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', null, true],
    ['bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', null, true],
    ['bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', null, true],
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', null, false],
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', null, true],
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', null, false],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null, true],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null, true],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', null, false],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', null, true],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', null, false],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', '12345', true],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 'text memo', true],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 'x'.repeat(29), false],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVM', null, false],
    ['dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', null, false],
  ])('%s %s (memo %s) → %s', (network, address, memo, ok) => {
    expect(validateAddress(network, address, memo).ok).toBe(ok);
  });

  it('keccak256 and EIP-55 match their reference vectors', () => {
    expect(keccak256(Buffer.alloc(0)).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(eip55('fb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });

  // EIP-55's own examples (the four checksummed addresses of the specification).
  it.each(['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'])(
    'EIP-55 vector %s',
    (address) => {
      expect(eip55(address.slice(2))).toBe(address);
      expect(validateAddress('ethereum', address).ok).toBe(true);
    },
  );

  // BIP-350's valid segwit addresses (which include the corrected BIP-173 ones), with their witness programs.
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc', 0, '751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb', 0, '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'bc', 1, '751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['BC1SW50QGDZ25J', 'bc', 16, '751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc', 2, '751e76e8199196d454941c45d1b3a323'],
    ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'tb', 0, '000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'tb', 1, '000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bc', 1, '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
  ] as const)('BIP-350 valid %s', (address, hrp, version, program) => {
    expect(segwitDecode(hrp, address)).toEqual({ version, program: Buffer.from(program, 'hex') });
    expect(segwitEncode(hrp, version, Buffer.from(program, 'hex'))).toBe(address.toLowerCase());
  });

  // BIP-350's invalid addresses: wrong HRP, Bech32 where Bech32m is due and back, bad lengths, bad characters, empty data.
  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'bc'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bc'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'tb'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'bc'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'bc'],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'tb'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'bc'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'bc'],
    ['bc1pw5dgrnzv', 'bc'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'bc'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'bc'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'tb'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'bc'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'tb'],
    ['bc1gmk9yu', 'bc'],
  ])('BIP-350 invalid %s', (address, hrp) => {
    expect(segwitDecode(hrp, address)).toBeNull();
  });

  it('Base58Check and StrKey round-trip and refuse a broken checksum', () => {
    const payload = Buffer.from('41' + '11'.repeat(20), 'hex');
    const text = base58CheckEncode(payload);
    expect(base58CheckDecode(text)).toEqual(payload);
    expect(base58CheckDecode(text.slice(0, -1) + (text.endsWith('1') ? '2' : '1'))).toBeNull();
    const key = Buffer.alloc(32, 7);
    const account = stellarAccountEncode(key);
    expect(account).toMatch(/^G[A-Z2-7]{55}$/);
    expect(stellarAccountDecode(account)).toEqual(key);
    expect(stellarAccountDecode(account.slice(0, -1) + (account.endsWith('A') ? 'B' : 'A'))).toBeNull();
  });

  it('every network derives valid, distinct, stable sandbox addresses', () => {
    const key = Buffer.alloc(32, 7);
    for (const n of CRYPTO_NETWORKS) {
      const a = deriveDepositAddress(key, 'client-accounts/a', n.code, 'X');
      const b = deriveDepositAddress(key, 'client-accounts/b', n.code, 'X');
      expect(validateAddress(n.code, a.address, a.memo)).toEqual({ ok: true });
      expect(deriveDepositAddress(key, 'client-accounts/a', n.code, 'X')).toEqual(a);
      expect(`${a.address}/${a.memo}`).not.toBe(`${b.address}/${b.memo}`);
      expect(a.memo !== null).toBe(n.memo?.requiredForDeposit === true);
    }
  });
});

describe('bank identifiers', () => {
  // Examples of the SWIFT IBAN registry, SEPA and not.
  it.each([
    ['GB29NWBK60161331926819', true],
    ['FR1420041010050500013M02606', true],
    ['NL91ABNA0417164300', true],
    ['CH9300762011623852957', true],
    ['BE68539007547034', true],
    ['NO9386011117947', true],
    ['MT84MALT011000012345MTLCAST001S', true],
    ['SA0380000000608010167519', false],
    ['BR1800360305000010009795493C1', false],
  ])('IBAN registry example %s (SEPA: %s)', (iban, sepa) => {
    expect(isIban(iban)).toBe(true);
    expect(isIban(iban, true)).toBe(sepa);
  });

  it('checks the BBAN format of the country, not only the length and check digits', () => {
    // A Dutch BBAN is 4 letters and 10 digits; these check digits make mod-97 pass for a digits-only one.
    const bban = '12340417164300';
    const mod97 = [...`${bban}NL00`].reduce((r, c) => ((r * (c >= 'A' ? 100 : 10)) + (c >= 'A' ? c.charCodeAt(0) - 55 : Number(c))) % 97, 0);
    const iban = `NL${String(98 - mod97).padStart(2, '0')}${bban}`;
    expect(iban).toHaveLength(18);
    expect(isIban(iban)).toBe(false);
  });

  it('a BIC needs a known country', () => {
    expect(isBic('DEUTDEFF')).toBe(true);
    expect(isBic('DEUTDEFF500')).toBe(true);
    expect(isBic('DEUTXXFF')).toBe(false);
  });

  it.each([
    ['DE89370400440532013000', true],
    ['GB29 NWBK 6016 1331 9268 19', true],
    ['DE89370400440532013001', false],
    ['DE8937040044053201300', false],
    ['XX89370400440532013000', false],
  ])('IBAN %s → %s', (iban, ok) => expect(isIban(iban)).toBe(ok));

  it('ibanFor makes valid check digits', () => {
    expect(ibanFor('DE', '370400440532013000')).toBe('DE89370400440532013000');
  });

  it.each([
    ['DEUTDEFF', true],
    ['DEUTDEFF500', true],
    ['DEUT DE FF', true],
    ['DEUTDE', false],
    ['1EUTDEFF', false],
  ])('BIC %s → %s', (bic, ok) => expect(isBic(bic)).toBe(ok));

  it.each([
    ['021000021', true],
    ['011000015', true],
    ['021000022', false],
    ['02100002', false],
  ])('ABA routing %s → %s', (n, ok) => expect(isAbaRoutingNumber(n)).toBe(ok));

  it('abaRoutingNumberFor completes the check digit', () => {
    expect(abaRoutingNumberFor('02100002')).toBe('021000021');
  });
});

describe('checkBeneficiary', () => {
  const at = '/body/beneficiary';
  it.each([
    { rail: 'sepa', currency: 'EUR', b: { name: 'Ada', iban: 'DE89 3704 0044 0532 0130 00' }, pointers: [] },
    { rail: 'sepa', currency: 'EUR', b: { name: 'Ada', iban: 'DE89370400440532013001' }, pointers: [`${at}/iban`] },
    { rail: 'sepa', currency: 'USD', b: { name: 'Ada', iban: 'DE89370400440532013000' }, pointers: ['/body/currency'] },
    { rail: 'sepa', currency: 'EUR', b: { name: 'Ada', sort_code: '123456' }, pointers: [`${at}/sort_code`, `${at}/iban`] },
    { rail: 'swift', currency: 'USD', b: { name: 'Ada', bic: 'CHASUS33', account_number: '123456789' }, pointers: [] },
    { rail: 'swift', currency: 'USD', b: { name: 'Ada', bic: 'CHASUS33' }, pointers: [`${at}/account_number`] },
    { rail: 'ach', currency: 'USD', b: { name: 'Ada', routing_number: '021000021', account_number: '000123456789', account_type: 'checking' as const }, pointers: [] },
    { rail: 'ach', currency: 'USD', b: { name: 'Ada', routing_number: '021000022', account_number: '12', account_type: 'savings' as const }, pointers: [`${at}/account_number`, `${at}/routing_number`] },
    { rail: 'fps', currency: 'GBP', b: { name: 'Ada', sort_code: '60-16-13', account_number: '31926819' }, pointers: [] },
    { rail: 'fps', currency: 'GBP', b: { name: 'Ada', sort_code: '60161', account_number: '3192681' }, pointers: [`${at}/account_number`, `${at}/sort_code`] },
  ])('$rail $currency $b → $pointers', ({ rail, currency, b, pointers }) => {
    const { errors } = checkBeneficiary(findRail(rail)!, currency, b, at);
    expect(errors.map((e) => e.pointer).sort()).toEqual([...pointers].sort());
  });
});
