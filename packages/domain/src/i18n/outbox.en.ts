import type { outboxId } from './outbox.id.ts';

export const outboxEn: typeof outboxId = {
  notFound: 'Parked event not found',
  replayed: 'Event processed again',
  replayFailed: 'The event still fails: {{error}}',
  title: 'Automatic processing',
  subtitle:
    'When a doctor finishes an examination, the system sends the orders to their services and writes the referral letter on its own. What keeps failing is held here.',
  consumers: 'Processes',
  consumer: 'Process',
  behind: 'Waiting',
  lastError: 'Last error',
  retryAt: 'Next try',
  healthy: 'Running',
  parked: 'Parked events',
  parkedEmpty: 'No parked events.',
  showReplayed: 'Show those processed again',
  event: 'Event',
  error: 'Error',
  attempts: 'Tries',
  parkedAt: 'Parked',
  replay: 'Process again',
  replayedAt: 'Processed again {{at}}',
  failed: 'The list could not be loaded.',
  names: {
    'registrations.lab-done': 'Lab results to the visit status',
    'registrations.service-visits': 'Orders to the service queues',
    'letters.referral': 'Referral letters',
    'live-stream': 'Screen updates',
  },
  types: {
    'lab.result.released': 'Lab results released',
    'service.performed': 'Service performed',
    'service.voided': 'Service voided',
    'encounter.finished': 'Examination finished',
  },
};
