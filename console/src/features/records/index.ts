// What the app composes from this feature: the screens, and the families it routes to them.
export { FAMILIES } from './api/families';
export { RecordsPage } from './components/RecordsPage';
export { RecordDetailPage } from './components/RecordDetailPage';
