import { readFileSync } from 'node:fs';
import type { Sql } from 'postgres';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { PlatformKeys } from '../auth/keys';
import { AppError } from '../errors';
import type { PairRow } from '../domain/pricing/pairs';
import type { MarketPrice } from '../domain/pricing/prices';
import { networkByCode } from '../reference/networks';
import { SANDBOX_PROVIDER, type ProviderKind } from '../config/provider-routing';
import { providerFor } from './routing';
import { SandboxPayoutRail, SandboxRail, type WithdrawalRail } from './rails';
import { SandboxPriceSource, type PriceSource } from './prices';
import { ConnectorClient, ConnectorFailure, type ConnectorTarget } from './http/client';
import { HttpRail } from './http/rails';
import { HttpPriceSource } from './http/prices';
import { HttpInstructionIssuer } from './http/deposit-instructions';
import type { DepositInstructionIssuer, InstructionRequest, IssuedInstruction } from './deposits/instructions';
import { SandboxInstructionIssuer } from './deposits/sandbox-instructions';
import { SandboxDepositReturner, type DepositReturner } from './deposits/returns';
import { HttpDepositReturner } from './http/deposit-returns';
import { SandboxScreener, type Screener } from './screening';
import { HttpScreener } from './http/screening';
import type { ConnectorTransport } from './http/outbound';
import type { Metrics } from '../metrics';
import { SandboxStatementSource, type StatementSource } from './statements';
import { HttpStatementSource } from './http/statements';

/**
 * Nothing serves this key for this enterprise now: no provider is routed to it, or the routed
 * connector is not registered (or is disabled) in the enterprise. A workflow's activity retries until
 * it is; a synchronous caller gets 502.
 */
export class ProviderNotConnected extends Error {
  constructor(
    readonly kind: ProviderKind,
    readonly key: string,
    readonly provider: string | null,
  ) {
    super(provider ? `no active connector named ${provider} serves ${kind} ${key} in this enterprise` : `no provider is configured for ${kind} ${key}`);
    this.name = 'ProviderNotConnected';
  }
}

/**
 * The enterprise's active connector of this name with its secret opened, or null: the connector
 * registry is the domain's (domain/connectors), given to the providers at start-up.
 */
export type ConnectorLookup = (enterpriseId: string, name: string) => Promise<ConnectorTarget | null>;

/**
 * The provider seams of this process (services.providers): which implementation serves a rail, a
 * market or a KYC path for an enterprise, per the routing configuration, and the connector client
 * that speaks to it. Sandbox simulators refuse to be built in production mode.
 */
export class Providers {
  private readonly transport: ConnectorTransport;

  constructor(
    private readonly sql: Sql,
    private readonly config: Config,
    private readonly connectors: ConnectorLookup,
    private readonly log?: Logger,
    /** The sandbox issuer's derivation key (`deposit_address_hmac`); only the sandbox asks for it. */
    private readonly platformKeys?: PlatformKeys,
    metrics?: Metrics,
  ) {
    // Read once at start-up: a CA file that cannot be read stops the process here, not at the first payout.
    this.transport = {
      timeoutMs: config.connectorTimeoutMs,
      allowLoopback: config.connectorAllowLoopback,
      ca: config.connectorCaFile ? readFileSync(config.connectorCaFile, 'utf8') : undefined,
      metrics,
    };
  }

  /** The provider name routing gives `key` of `kind`, or null. */
  providerOf(kind: ProviderKind, key: string): string | null {
    return providerFor(this.config.providers, kind, key);
  }

  /** The enterprise's connector client for the provider serving `key` of `kind`; null when that provider is the sandbox. */
  private async connector(enterpriseId: string, kind: ProviderKind, key: string): Promise<ConnectorClient | null> {
    const name = this.providerOf(kind, key);
    if (name === SANDBOX_PROVIDER) return null;
    const target = name ? await this.connectors(enterpriseId, name) : null;
    if (!target) throw new ProviderNotConnected(kind, key, name);
    return new ConnectorClient(target, this.transport);
  }

  /** The rail a withdrawal (crypto network) or an off-ramp payout (bank rail) of this enterprise leaves by. */
  async rail(enterpriseId: string, rail: string): Promise<WithdrawalRail> {
    const client = await this.connector(enterpriseId, 'rails', rail);
    if (client) return new HttpRail(client);
    return networkByCode(rail) ? new SandboxRail(this.sql, this.config.sandboxBlockMs, this.config.mode) : new SandboxPayoutRail(this.config.sandboxBlockMs, this.config.mode);
  }

  /** The screening provider judging money that moves on `key` (a network or bank rail) for this enterprise. */
  async screener(enterpriseId: string, key: string): Promise<Screener> {
    const client = await this.connector(enterpriseId, 'screening', key);
    return client ? new HttpScreener(client) : new SandboxScreener(this.config.mode);
  }

  /** Who reports the statements of this enterprise's provider accounts on `rail` (a network or bank rail code). */
  async statementSource(enterpriseId: string, rail: string): Promise<StatementSource> {
    const client = await this.connector(enterpriseId, 'statements', rail);
    return client ? new HttpStatementSource(client) : new SandboxStatementSource(this.sql, this.config.mode);
  }

  private async priceSource(enterpriseId: string, pair: PairRow): Promise<PriceSource> {
    const client = await this.connector(enterpriseId, 'prices', `${pair.base_asset}/${pair.quote_asset}`);
    return client ? new HttpPriceSource(client) : new SandboxPriceSource(this.config.mode);
  }

  /** The provider issuing deposit instructions on `rail` for this enterprise: the one its deposits are routed to. */
  async instructionIssuer(enterpriseId: string, rail: string): Promise<DepositInstructionIssuer> {
    const client = await this.connector(enterpriseId, 'deposits', rail);
    if (client) return new HttpInstructionIssuer(client);
    return new SandboxInstructionIssuer(() => {
      if (!this.platformKeys) throw new Error('providers: the sandbox issuer needs the platform keys');
      return this.platformKeys.get('deposit_address_hmac');
    }, this.config.mode);
  }

  /** Who pays a deposit on `rail` back to its sender: the rail's deposits provider, the one that reported it. */
  async depositReturner(enterpriseId: string, rail: string): Promise<DepositReturner> {
    const client = await this.connector(enterpriseId, 'deposits', rail);
    return client ? new HttpDepositReturner(client) : new SandboxDepositReturner(this.config.mode);
  }

  /**
   * A deposit instruction for an account (or an on-ramp collection account) on a rail, issued by the
   * rail's deposits provider. Called
   * while a request is handled: a provider that fails (or is not connected) is 502 naming it, with
   * no internals; the caller holds no database transaction across it.
   */
  async issueDepositInstruction(request: InstructionRequest): Promise<IssuedInstruction> {
    let provider = this.providerOf('deposits', request.rail) ?? 'none';
    try {
      const issuer = await this.instructionIssuer(request.enterpriseId, request.rail);
      provider = issuer.name;
      return await issuer.issue(request);
    } catch (err) {
      const what = request.purpose === 'collection' ? 'collection account' : 'deposit instruction';
      throw this.badGateway(err, provider, `did not issue a ${request.rail} ${what}`, { rail: request.rail });
    }
  }

  /** A provider's failure as the API's 502 naming it (logged with the detail); anything else as it is. */
  private badGateway(err: unknown, provider: string, what: string, context: Record<string, string>): unknown {
    if (!(err instanceof ConnectorFailure) && !(err instanceof ProviderNotConnected)) return err;
    this.log?.warn({ err, ...context, provider }, `provider ${what}`);
    return new AppError('EdgeBadGateway', `The provider ${provider} ${what}.`, {
      reason: err instanceof ProviderNotConnected ? 'provider_not_connected' : 'provider_failed',
      extensions: { provider },
    });
  }

  /**
   * Market prices for this enterprise. A provider that fails (unreachable, times out, answers 5xx or
   * garbage) is 502 naming it, with no internals; a price older than COUNTERFOIL_PRICE_MAX_AGE_MS is
   * 503 with Retry-After, never used.
   */
  market(enterpriseId: string): MarketPrice {
    return async (pair, request) => {
      const market = `${pair.base_asset}/${pair.quote_asset}`;
      let point;
      let provider = this.providerOf('prices', market) ?? 'none';
      try {
        const source = await this.priceSource(enterpriseId, pair);
        provider = source.name;
        point = await source.price(pair, request);
      } catch (err) {
        if (err instanceof ConnectorFailure || err instanceof ProviderNotConnected) {
          this.log?.warn({ err, market, provider }, 'price provider failed');
          throw new AppError('EdgeBadGateway', `The price provider ${provider} did not answer with a usable ${market} price.`, {
            reason: err instanceof ProviderNotConnected ? 'provider_not_connected' : 'provider_failed',
            extensions: { provider },
          });
        }
        throw err;
      }
      const ageMs = Date.now() - point.asOf.getTime();
      if (ageMs > this.config.priceMaxAgeMs) {
        const retryAfter = Math.min(60, Math.max(1, Math.ceil(this.config.priceMaxAgeMs / 1000)));
        throw new AppError('TemporarilyUnavailable', `The ${market} price from ${provider} is older than ${this.config.priceMaxAgeMs} ms; it is not used.`, {
          reason: 'price_stale',
          extensions: { provider },
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      return point.mid;
    };
  }
}
