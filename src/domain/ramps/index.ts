/** On-ramp and off-ramp sessions; states and ledger bookings in docs/conversions-and-ramps.md. */
export * from './on-ramp';
export * from './off-ramp';
export * from './events';
export * from './messages';
