import './reconciliation.css';

/* The reconciliation screens, loaded on first visit (their own chunk): the breaks inbox, the accounts, one account's days and runs. */
export { BreaksPage } from './BreaksPage';
export { AccountsPage } from './AccountsPage';
export { AccountPage } from './AccountPage';
