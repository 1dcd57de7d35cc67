import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { PlatformKeys } from '../../auth/keys';
import { isCanonicalBase64url } from '../../auth/base64url';
import type { QuoteRow } from '../../domain/conversions';
import type { StoredFee } from '../../domain/conversions/ledger';

/** The platform secret that seals quotes (AES-256-GCM; created by the first process that needs it). */
const QUOTE_KEY_NAME = 'signed_quote_aes256gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The longest quote id we issue is ~450 characters; anything much longer is not ours. */
export const MAX_QUOTE_ID_LENGTH = 2048;

type Sealed = [
  pairId: string,
  fromAsset: string,
  toAsset: string,
  fromAmount: string,
  toAmount: string,
  feeAmount: string,
  fees: Array<[StoredFee['type'], string, string | null]>,
  enterpriseCaVersion: number,
  platformCaVersion: number,
  rate: string,
  price: string,
  createdAt: number,
  expiresAt: number,
];

/** Who a quote was priced for: authenticated with the terms, so a quote id works only for its own account. */
interface Holder {
  enterpriseId: string;
  accountRef: string;
}

/**
 * Stateless firm quotes: getQuote stores nothing. The quote id is `<uuid>.<sealed terms>`: the
 * quote's UUID (the id the tenant API shows as the conversion's `quote_id`), then its terms sealed
 * with AES-256-GCM under a platform secret, the UUID and the account it was priced for as associated
 * data (so the terms can be neither read — they name internal accounts — nor altered, nor used by
 * another account). At exchange the id is opened (failure: an unknown quote) and the engine stores
 * the terms under the UUID in the exchange transaction: the primary key and the quote row lock keep
 * "at most once".
 */
export class QuoteSealer {
  constructor(private readonly keys: PlatformKeys) {}

  private secret(): Promise<Buffer> {
    return this.keys.get(QUOTE_KEY_NAME);
  }

  private static associated(id: string, holder: Holder): Buffer {
    return Buffer.from(`${id}|${holder.enterpriseId}|${holder.accountRef}`);
  }

  async seal(q: QuoteRow): Promise<string> {
    const sealed: Sealed = [
      q.pair_id,
      q.from_asset,
      q.to_asset,
      q.from_amount,
      q.to_amount,
      q.fee_amount,
      q.fee_components.map((f) => [f.type, f.amount, f.payee_ref]),
      q.enterprise_ca_version,
      q.platform_ca_version,
      q.rate,
      q.price,
      q.created_at.getTime(),
      q.expires_at.getTime(),
    ];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.secret(), iv).setAAD(QuoteSealer.associated(q.id, { enterpriseId: q.enterprise_id, accountRef: q.account_ref }));
    const body = Buffer.concat([iv, cipher.update(JSON.stringify(sealed), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${q.id}.${body.toString('base64url')}`;
  }

  /** The quote's terms, or null when the id is not one this platform issued for this account. */
  async open(quoteId: string, holder: Holder): Promise<QuoteRow | null> {
    const parts = quoteId.split('.');
    // One id per quote: Buffer.from would also read a padded or respelt (or junk-laden) seal as the same bytes.
    if (parts.length !== 2 || !UUID_RE.test(parts[0]) || !isCanonicalBase64url(parts[1])) return null;
    const body = Buffer.from(parts[1], 'base64url');
    if (body.length <= IV_BYTES + TAG_BYTES) return null;
    let text: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.secret(), body.subarray(0, IV_BYTES))
        .setAAD(QuoteSealer.associated(parts[0], holder))
        .setAuthTag(body.subarray(body.length - TAG_BYTES));
      text = decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES), undefined, 'utf8') + decipher.final('utf8');
    } catch {
      return null; // not sealed by this platform for this account
    }
    const [pairId, fromAsset, toAsset, fromAmount, toAmount, feeAmount, fees, enterpriseCaVersion, platformCaVersion, rate, price, createdAt, expiresAt] = JSON.parse(text) as Sealed;
    return {
      id: parts[0],
      created_at: new Date(createdAt),
      enterprise_id: holder.enterpriseId,
      account_ref: holder.accountRef,
      pair_id: pairId,
      from_asset: fromAsset,
      to_asset: toAsset,
      from_amount: fromAmount,
      to_amount: toAmount,
      fee_amount: feeAmount,
      fee_components: fees.map(([type, amount, payee]) => ({ type, amount, payee_ref: payee })),
      enterprise_ca_version: enterpriseCaVersion,
      platform_ca_version: platformCaVersion,
      rate,
      price,
      expires_at: new Date(expiresAt),
      used_at: null,
      conversion_id: null,
    };
  }
}

