export { screen, recordVerdict, timeOutScreening, type ScreeningInput, type RecordedVerdict } from './screen';
export { compliancePolicy, writeCompliancePolicy, type CompliancePolicyPatch, type StoredCompliancePolicy } from './policy-store';
export { findScreening, findScreeningByKey, findByProviderId, selectScreenings, type ScreeningRow } from './store';
export { presentScreening, presentCompliancePolicy, type ScreeningView } from './present';
export { DEFAULT_COMPLIANCE_POLICY, outcomeOf, travelRuleThreshold, type CompliancePolicy } from './policy';
