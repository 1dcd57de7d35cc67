/*
 * What the `conversion/<id>` workflow and the HTTP side exchange. Imported by workflows: constants
 * only, no runtime dependencies.
 */

/** Update a `conversion/<id>` workflow answers while its approval is pending (args [ApprovalCancellation]). */
export const CONVERSION_CANCEL_UPDATE = 'conversion.cancel';
/** ApplicationFailure type of the cancel Update's validator once the approval has been decided. */
export const CONVERSION_NOT_CANCELLABLE = 'ConversionNotCancellable';
