import { TemporalSettingsError, type TemporalConnectionSettings } from '../config/temporal';
import type { TLSConfig } from '@temporalio/client';

// The settings are parsed with the configuration (src/config/temporal.ts); this turns them into connection options.

/** The options `Connection.connect` (client) and `NativeConnection.connect` (worker) both take. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
  metadata?: Record<string, string>;
}

/**
 * Connection options for the client and the worker alike. `address` overrides the configured one
 * (the dev server `start` launched, which speaks plaintext and takes no key).
 */
export function temporalConnectionOptions(settings: TemporalConnectionSettings, address?: string): TemporalConnectionOptions {
  if (address !== undefined && address !== settings.address) return { address };
  if (!settings.address) throw new TemporalSettingsError('TEMPORAL_ADDRESS', 'is required (or an address in the Temporal profile)');
  return {
    address: settings.address,
    ...(settings.tls ? { tls: settings.tls } : {}),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.metadata ? { metadata: settings.metadata } : {}),
  };
}

/** One line for logs and banners: where, and how it is secured (never the key). */
export function describeTemporalConnection(options: TemporalConnectionOptions): string {
  const how = [options.tls ? (options.tls.clientCertPair ? 'mTLS' : 'TLS') : 'plaintext', options.apiKey ? 'API key' : undefined].filter(Boolean);
  return `${options.address} (${how.join(', ')})`;
}
