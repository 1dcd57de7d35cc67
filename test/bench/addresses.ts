// npm run bench:addresses — address checks per second (validateAddress) for each encoding: EIP-55 (Keccak-256),
// Bech32/Bech32m, Base58Check and Stellar StrKey. CPU only: no database, no server. Exits non-zero if a
// known-good address stops validating.
import { validateAddress } from '../../src/reference/networks';

const CASES: Array<[string, string, string, string | null]> = [
  ['EIP-55 (Keccak-256)', 'ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', null],
  ['Bech32 (segwit v0)', 'bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', null],
  ['Bech32m (taproot)', 'bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', null],
  ['Base58Check (Tron)', 'tron', 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', null],
  ['StrKey (Stellar)', 'stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', '12345'],
];

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

function rate(network: string, address: string, memo: string | null): number {
  for (let i = 0; i < 200; i++) validateAddress(network, address, memo); // warm-up
  let n = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(SECONDS * 1e9);
  let now = start;
  while (now < until) {
    for (let i = 0; i < 100; i++) validateAddress(network, address, memo);
    n += 100;
    now = process.hrtime.bigint();
  }
  return n / (Number(now - start) / 1e9);
}

let failed = false;
console.log('| check | checks/s | µs/check |');
console.log('|---|---:|---:|');
for (const [name, network, address, memo] of CASES) {
  const check = validateAddress(network, address, memo);
  if (!check.ok) {
    failed = true;
    console.log(`| ${name} | FAILED: ${JSON.stringify(check)} | |`);
    continue;
  }
  const r = rate(network, address, memo);
  console.log(`| ${name} | ${Math.round(r).toLocaleString('en')} | ${(1e6 / r).toFixed(1)} |`);
}
process.exit(failed ? 1 : 0);
