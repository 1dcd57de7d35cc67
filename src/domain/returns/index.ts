export { bookReturn, feeRefundPolicy, returnsOf, type BookedReturn, type ReturnReport, type ReturnSubject } from './book';
export { DEFAULT_FEE_REFUND_POLICY, presentReturn, refundsFees, returnExtent, type FeeRefundPolicy, type MoneyReturnRow, type ReturnKind } from './model';
