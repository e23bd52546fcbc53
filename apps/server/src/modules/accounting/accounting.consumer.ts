import {
  BILLING_EVENTS,
  billPostedSchema,
  depositEventSchema,
  paymentReceivedSchema,
  paymentReversedSchema,
} from '@klinikita/domain/billing/billing.events';
import type { Consumer } from '../../events/outbox.ts';
import { book } from './accounting.journal.ts';

/**
 * The journal follows billing (issue 18 item 8): a posted bill, a payment, a reversal, a deposit
 * received and a deposit refunded each
 * become one entry, booked from the rows the event names (the event says what happened, the rows
 * hold the amounts). Idempotent: an event replayed, or a source the backfill booked first, finds
 * its entry and writes nothing.
 */
export const accountingConsumer: Consumer = {
  name: 'accounting.journal',
  types: [
    BILLING_EVENTS.posted,
    BILLING_EVENTS.paymentReceived,
    BILLING_EVENTS.paymentReversed,
    BILLING_EVENTS.depositReceived,
    BILLING_EVENTS.depositRefunded,
  ],
  async handle(tx, event) {
    if (event.type === BILLING_EVENTS.posted)
      await book(tx, 'bill', billPostedSchema.parse(event.payload).billUid, event.id);
    else if (event.type === BILLING_EVENTS.paymentReceived)
      await book(tx, 'payment', paymentReceivedSchema.parse(event.payload).paymentUid, event.id);
    else if (event.type === BILLING_EVENTS.paymentReversed)
      await book(tx, 'reversal', paymentReversedSchema.parse(event.payload).paymentUid, event.id);
    else {
      const source = event.type === BILLING_EVENTS.depositReceived ? 'deposit' : 'depositRefund';
      await book(tx, source, depositEventSchema.parse(event.payload).entryUid, event.id);
    }
  },
};
