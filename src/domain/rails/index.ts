import type { Services } from '../../services';
import type { WithdrawalRail } from './rail';
import { SandboxRail } from './sandbox';

export type { RailOutcome, RailSubmission, SubmitOutcome, WithdrawalRail } from './rail';
export { injectRailFailure, SandboxRail, type InjectedFailure } from './sandbox';

/** The rail withdrawals use in this process: the sandbox rail (no production provider is integrated yet). */
export function withdrawalRail(services: Pick<Services, 'sql' | 'config'>): WithdrawalRail {
  if (services.config.mode !== 'sandbox') throw new Error('no production withdrawal rail is configured');
  return new SandboxRail(services.sql, services.config.sandboxBlockMs);
}
