import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation, useRoute } from 'wouter';
import { AccessProvider, SettingsProvider, loadAccess, useAccess, type ConsoleSettings } from '../lib/access';
import { signOut } from '../lib/auth';
import { useApi } from '../lib/hooks';
import { getSession, onSessionChange, type Session } from '../lib/session';
import { Loader } from '../components/ui';
import { CallbackPage, SignInPage } from '../features/sign-in/SignIn';
import { ApprovalsPage } from '../features/approvals/ApprovalsPage';
import { FAMILIES, RecordDetailPage, RecordsPage } from '../features/records';
import { BalancesPage } from '../features/balances/BalancesPage';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage';
import { WebhooksPage } from '../features/webhooks/WebhooksPage';
import { AuditPage } from '../features/audit/AuditPage';
import { PeoplePage } from '../features/people/PeoplePage';
import { PasskeysPage } from '../features/passkeys/PasskeysPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { DepositDetailPage } from '../features/deposits/DepositDetailPage';
import { StatementsPage } from '../features/statements/StatementsPage';
import { KycPage } from '../features/kyc/KycPage';
import { AddressBookPage } from '../features/address-book/AddressBookPage';
import { PoliciesPage } from '../features/policies/PoliciesPage';
import { GovernancePage } from '../features/policies/GovernancePage';
import { WaitingBadge } from '../features/approvals/waiting';

// Reconciliation loads on first visit, in a chunk of its own: the sign-in page's JavaScript stays as it was.
const reconciliation = () => import('../features/reconciliation');
const ReconciliationBreaks = lazy(() => reconciliation().then((m) => ({ default: m.BreaksPage })));
const ReconciliationAccounts = lazy(() => reconciliation().then((m) => ({ default: m.AccountsPage })));
const ReconciliationAccount = lazy(() => reconciliation().then((m) => ({ default: m.AccountPage })));

/** The screens, each shown only to people holding its read permission (and its capability on). */
const SCREENS = [
  { path: '/approvals', label: 'Approvals', permission: 'approvals.read' },
  { path: '/withdrawals', label: 'Withdrawals', permission: 'withdrawals.read' },
  { path: '/internal-transfers', label: 'Internal transfers', permission: 'transfers.read' },
  { path: '/conversions', label: 'Conversions', permission: 'conversions.read', capability: 'conversions' },
  { path: '/balances', label: 'Balances', permission: 'balances.read' },
  { path: '/deposits', label: 'Deposits', permission: 'funding.read' },
  { path: '/statements', label: 'Statements', permission: 'balances.read' },
  { path: '/client-verification', label: 'Client verification', permission: 'clients.read' },
  { path: '/address-book', label: 'Address book', permission: 'withdrawals.read' },
  { path: '/policies', label: 'Policies', permission: 'policies.read' },
  { path: '/governance', label: 'Governance', permission: 'policies.read' },
  { path: '/api-keys', label: 'API keys', permission: 'api_keys.read', capability: 'api_keys' },
  { path: '/webhooks', label: 'Webhooks', permission: 'webhooks.read' },
  { path: '/reconciliation', label: 'Reconciliation', permission: 'reconciliation.read' },
  { path: '/audit', label: 'Audit log', permission: 'audit.read' },
  { path: '/people', label: 'People and roles', permission: 'users.read' },
  { path: '/passkeys', label: 'Passkeys', permission: 'me.read' },
] as const;

function NavLink({ href, label, badge }: { href: string; label: string; badge?: ReactNode }) {
  const [active] = useRoute(`${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {label}
      {badge}
    </Link>
  );
}

function Shell() {
  const access = useAccess();
  const screens = SCREENS.filter((s) => access.can(s.permission) && (!('capability' in s) || access.capability(s.capability)));
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setMenuOpen(false), [location]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Counterfoil</span>
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="primary-nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
        <button type="button" className="sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav id="primary-nav" className={menuOpen ? 'nav open' : 'nav'} aria-label="Console">
        <ul>
          {screens.map((s) => (
            <li key={s.path}>
              <NavLink href={s.path} label={s.label} badge={s.path === '/approvals' ? <WaitingBadge /> : undefined} />
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <p className="loading" role="status">
              Loading…
            </p>
          }
        >
          <Switch>
            <Route path="/approvals" component={ApprovalsPage} />
            {Object.values(FAMILIES).map((family) => (
              <Route key={family.path} path={family.path}>
                <RecordsPage family={family} />
              </Route>
            ))}
            {Object.values(FAMILIES).map((family) => (
              <Route key={`${family.path}/detail`} path={`${family.path}/:id`}>
                {(params: { id: string }) => <RecordDetailPage family={family} id={params.id} />}
              </Route>
            ))}
            <Route path="/balances" component={BalancesPage} />
            <Route path="/deposits" component={DepositsPage} />
            <Route path="/deposits/:id">{(params: { id: string }) => <DepositDetailPage id={params.id} />}</Route>
            <Route path="/statements" component={StatementsPage} />
            <Route path="/client-verification" component={KycPage} />
            <Route path="/api-keys" component={ApiKeysPage} />
            <Route path="/webhooks" component={WebhooksPage} />
            <Route path="/audit" component={AuditPage} />
            <Route path="/people" component={PeoplePage} />
            <Route path="/passkeys" component={PasskeysPage} />
            <Route path="/address-book" component={AddressBookPage} />
            <Route path="/policies" component={PoliciesPage} />
            <Route path="/governance" component={GovernancePage} />
            <Route path="/reconciliation" component={ReconciliationBreaks} />
            <Route path="/reconciliation/accounts" component={ReconciliationAccounts} />
            <Route path="/reconciliation/accounts/:id">{(params: { id: string }) => <ReconciliationAccount id={params.id} />}</Route>
            <Route>{screens.length ? <Redirect to={screens[0].path} replace /> : <p className="empty">Your roles give you no screen of this console yet.</p>}</Route>
          </Switch>
        </Suspense>
      </main>
    </div>
  );
}

/** Who the person is and what they may do, then the console. */
function SignedIn({ session }: { session: Session }) {
  const loaded = useApi(loadAccess, [session.accessToken]);
  return (
    <Loader loaded={loaded}>
      {(access) => (
        <AccessProvider access={access}>
          <Shell />
        </AccessProvider>
      )}
    </Loader>
  );
}

function useSession(): [Session | null, string | null] {
  const [state, setState] = useState<[Session | null, string | null]>([getSession(), null]);
  useEffect(() => onSessionChange((session, reason) => setState([session, reason ?? null])), []);
  return state;
}

export function App({ settings }: { settings: ConsoleSettings }) {
  const [session, reason] = useSession();
  return (
    <SettingsProvider value={settings}>
      <Router base="/console">
        <Switch>
          <Route path="/callback" component={CallbackPage} />
          <Route>{session ? <SignedIn session={session} /> : <SignInPage reason={reason} />}</Route>
        </Switch>
      </Router>
    </SettingsProvider>
  );
}
