import pino from 'pino';
import type { LogLevel } from './config';
import { logContext } from './telemetry/log-context';

export type Logger = pino.Logger;

/** JSON logs. Credentials never reach a log: the redact list is the last line of defence, not the first. */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'counterfoil', ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: logContext,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-action-token"]',
        'req.headers["x-apikey"]',
        'client_secret',
        '*.client_secret',
        'access_token',
        '*.access_token',
        'private_key',
        '*.private_key',
      ],
      censor: '[redacted]',
    },
  });
}
